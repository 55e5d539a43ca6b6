import { Button, Dialog, DialogTrigger, Popover } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import type { LayerProperty } from '@generated/model';
import { Checkbox } from '../ui/checkbox';

type ColumnChooserProps = {
  columns: readonly LayerProperty[];
  hidden: ReadonlySet<string>;
  onChange: (hidden: ReadonlySet<string>) => void;
};

/** Which of the layer's columns the table shows: a checkbox per column in a popover. */
export function ColumnChooser({ columns, hidden, onChange }: ColumnChooserProps) {
  const { t } = useTranslation();
  const toggle = (name: string, shown: boolean) => {
    const next = new Set(hidden);
    if (shown) next.delete(name);
    else next.add(name);
    onChange(next);
  };
  return (
    <DialogTrigger>
      <Button className="btn btn-secondary">
        {t('feature_table.tools.columns', { shown: columns.length - hidden.size, count: columns.length })}
      </Button>
      <Popover className="select-popover column-chooser" placement="bottom end">
        <Dialog className="column-chooser-dialog" aria-label={t('feature_table.tools.columns_title')}>
          {columns.map((column) => (
            <Checkbox
              key={column.name}
              label={column.label}
              isSelected={!hidden.has(column.name)}
              onChange={(shown) => toggle(column.name, shown)}
            />
          ))}
        </Dialog>
      </Popover>
    </DialogTrigger>
  );
}
