import { useTranslation } from 'react-i18next';
import type { Filter } from '../../../generated/model';
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
  if (filter.type === 'range' || filter.type === 'date_range') {
    const pair = value && typeof value === 'object' && !Array.isArray(value) ? value : { low: '', high: '' };
    const type = filter.type === 'range' ? 'number' : 'date';
    return (
      <fieldset className="filter-pair">
        <legend>{filter.name}</legend>
        <label>
          {t('viewer.filters.from')}
          <input
            type={type}
            value={pair.low}
            onChange={(event) => onChange({ ...pair, low: event.target.value })}
          />
        </label>
        <label>
          {t('viewer.filters.to')}
          <input
            type={type}
            value={pair.high}
            onChange={(event) => onChange({ ...pair, high: event.target.value })}
          />
        </label>
      </fieldset>
    );
  }
  if (filter.type === 'multiselect' && options.length > 0) {
    const chosen = Array.isArray(value) ? value : [];
    return (
      <fieldset>
        <legend>{filter.name}</legend>
        {options.map((option) => {
          const text = String(option.value);
          return (
            <label key={text} className="filter-choice">
              <input
                type="checkbox"
                checked={chosen.includes(text)}
                onChange={(event) =>
                  onChange(event.target.checked ? [...chosen, text] : chosen.filter((item) => item !== text))
                }
              />
              {option.label}
            </label>
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
            { value: 'true', label: t('viewer.yes') },
            { value: 'false', label: t('viewer.no') },
          ]
        : options.map((option) => ({ value: String(option.value), label: option.label }));
    return (
      <label className="filter-field">
        {filter.name}
        <select value={text} onChange={(event) => onChange(event.target.value)}>
          <option value="">{t('viewer.filters.any')}</option>
          {choices.map((choice) => (
            <option key={choice.value} value={choice.value}>
              {choice.label}
            </option>
          ))}
        </select>
      </label>
    );
  }
  // A select without stored options (the layer's distinct values) takes the value typed in.
  return (
    <label className="filter-field">
      {filter.name}
      <input value={text} onChange={(event) => onChange(event.target.value)} />
    </label>
  );
}
