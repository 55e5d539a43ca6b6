import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LayerProperty } from '@generated/model';
import { attributeFieldSpec } from '../attribute-fields/attribute-field-spec';
import { AttributeField } from '../attribute-fields/attribute-field';
import { Form } from '../ui/form';
import { Select } from '../ui/select';

export type ColumnCondition = { property: string; value: string };

type ColumnFilterProps = {
  columns: readonly LayerProperty[];
  condition: ColumnCondition | null;
  onChange: (condition: ColumnCondition | null) => void;
};

/**
 * "Only rows whose column has this value": a column, then its value in the column's own field
 * (an enum's options, a date picker, yes/no), applied on the server besides search and sort.
 */
export function ColumnFilter({ columns, condition, onChange }: ColumnFilterProps) {
  const { t } = useTranslation();
  const [property, setProperty] = useState(condition?.property ?? columns[0]?.name ?? '');
  const [value, setValue] = useState(condition?.value ?? '');
  const column = columns.find((entry) => entry.name === property);
  // The value is looked for as it is, so the field checks nothing (not even "required").
  const spec = useMemo(
    () => (column ? { ...attributeFieldSpec(column), required: false, min: null, max: null } : null),
    [column],
  );
  return (
    <div className="column-filter">
      <Form
        label={t('feature_table.tools.filter_title')}
        errors={{}}
        onSubmit={() => onChange(value === '' ? null : { property, value })}
      >
        <Select
          label={t('feature_table.tools.filter_column')}
          name="filter_column"
          options={columns.map((entry) => ({ id: entry.name, label: entry.label }))}
          value={property}
          onChange={(next) => {
            if (next === null) return;
            setProperty(next);
            setValue('');
          }}
        />
        {spec && (
          <AttributeField key={spec.name} spec={spec} name="filter_value" value={value} onChange={setValue} />
        )}
        <button type="submit" className="btn btn-secondary" disabled={value === ''}>
          {t('feature_table.tools.filter_apply')}
        </button>
        {condition && (
          <button
            type="button"
            className="btn btn-secondary"
            onClick={() => {
              setValue('');
              onChange(null);
            }}
          >
            {t('feature_table.tools.filter_clear')}
          </button>
        )}
      </Form>
    </div>
  );
}
