import { useTranslation } from 'react-i18next';
import type { Filter } from '@generated/model';
import { Checkbox } from '@/components/ui/checkbox';
import { Select } from '@/components/ui/select';
import { TextField } from '@/components/ui/text-field';
import type { FilterValue } from './filter-conditions';

type FilterInputProps = {
  filter: Filter;
  value: FilterValue | undefined;
  onChange: (value: FilterValue) => void;
};

/** One saved filter as a form control, by its type (select, multiselect, range, date range, text, boolean). */
export function FilterInput({ filter, value, onChange }: FilterInputProps) {
  const { t } = useTranslation();
  const options = filter.options ?? [];
  const name = `filter_${filter.id}`;
  if (filter.type === 'range' || filter.type === 'date_range') {
    const pair = value && typeof value === 'object' && !Array.isArray(value) ? value : { low: '', high: '' };
    const type = filter.type === 'range' ? 'number' : 'date';
    return (
      <fieldset className="filter-pair">
        <legend>{filter.name}</legend>
        {(['low', 'high'] as const).map((end) => (
          <TextField
            key={end}
            label={t(end === 'low' ? 'viewer.filters.from' : 'viewer.filters.to')}
            name={`${name}_${end}`}
            type={type}
            value={pair[end]}
            onChange={(text) => onChange({ ...pair, [end]: text })}
          />
        ))}
      </fieldset>
    );
  }
  if (filter.type === 'multiselect' && options.length > 0) {
    const chosen = Array.isArray(value) ? value : [];
    return (
      <fieldset className="filter-choices">
        <legend>{filter.name}</legend>
        {options.map((option) => {
          const text = String(option.value);
          return (
            <Checkbox
              key={text}
              label={option.label}
              isSelected={chosen.includes(text)}
              onChange={(checked) =>
                onChange(checked ? [...chosen, text] : chosen.filter((item) => item !== text))
              }
            />
          );
        })}
      </fieldset>
    );
  }
  const text = typeof value === 'string' ? value : '';
  if (
    filter.type === 'boolean' ||
    ((filter.type === 'select' || filter.type === 'multiselect') && options.length > 0)
  ) {
    const choices =
      filter.type === 'boolean'
        ? [
            { id: 'true', label: t('viewer.yes') },
            { id: 'false', label: t('viewer.no') },
          ]
        : options.map((option) => ({ id: String(option.value), label: option.label }));
    // "Any" is the empty choice: picking it (or clearing the text) drops the condition.
    return (
      <Select
        label={filter.name}
        name={name}
        options={[{ id: '', label: t('viewer.filters.any') }, ...choices]}
        value={text}
        onChange={(id) => onChange(id ?? '')}
      />
    );
  }
  // A select without stored options (the layer's distinct values) takes the value typed in.
  return <TextField label={filter.name} name={name} value={text} onChange={onChange} />;
}
