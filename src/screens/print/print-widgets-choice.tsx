import { useTranslation } from 'react-i18next';
import type { Widget } from '@generated/model';
import { Checkbox } from '../../components/ui/checkbox';
import { PrintChoices } from './print-choices';

type PrintWidgetsChoiceProps = {
  widgets: readonly Widget[];
  chosen: readonly number[];
  onChange: (chosen: number[]) => void;
};

/** Which of the map's dashboard widgets print beside the map; none until the user picks some. */
export function PrintWidgetsChoice({ widgets, chosen, onChange }: PrintWidgetsChoiceProps) {
  const { t } = useTranslation();
  const ordered = [...widgets].sort((a, b) => a.order - b.order);
  const picked = new Set(chosen);
  return (
    <PrintChoices
      className="print-layers print-widgets"
      legend={t('print.widgets')}
      emptyText={t('print.no_widgets')}
      isEmpty={ordered.length === 0}
    >
      {ordered.map((widget) => (
        <Checkbox
          key={widget.id}
          label={widget.title}
          isSelected={picked.has(widget.id)}
          // Kept in the dashboard's order, the order the sheet prints them in.
          onChange={(on) =>
            onChange(
              ordered
                .filter((other) => (other.id === widget.id ? on : picked.has(other.id)))
                .map((other) => other.id),
            )
          }
        />
      ))}
    </PrintChoices>
  );
}
