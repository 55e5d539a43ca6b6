import { Input, Label, SearchField } from 'react-aria-components';

type ListSearchFieldProps = { label: string; value: string; onChange: (value: string) => void };

/** A list's search box, in the toolbar above its table. */
export function ListSearchField({ label, value, onChange }: ListSearchFieldProps) {
  return (
    <SearchField className="field search-field" value={value} onChange={onChange}>
      <Label className="field-label">{label}</Label>
      <Input className="field-input" />
    </SearchField>
  );
}
