import { CheckboxGroup, FieldError, Label } from 'react-aria-components';
import { Checkbox } from './checkbox';
import type { SelectOption } from './select';

export type ChecklistProps = {
  label: string;
  options: readonly SelectOption[];
  /** The ids ticked, in the order they were ticked. */
  value: string[];
  onChange: (value: string[]) => void;
  /** The server's message for the list, shown under it and marking it invalid. */
  error: string | undefined;
};

/** A labelled group of checkboxes in a row: pick some of a few (layers, properties). */
export function Checklist({ label, options, value, onChange, error }: ChecklistProps) {
  return (
    <CheckboxGroup className="field" value={value} onChange={onChange} isInvalid={error !== undefined}>
      <Label className="field-label">{label}</Label>
      <div className="item-actions">
        {options.map((option) => (
          <Checkbox key={option.id} value={option.id} label={option.label} />
        ))}
      </div>
      <FieldError className="field-error">{error}</FieldError>
    </CheckboxGroup>
  );
}
