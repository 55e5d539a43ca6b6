import { CheckboxBox } from './checkbox-box';

type PlainCheckboxProps = {
  label: string;
  name: string;
  isSelected: boolean;
  onChange: (selected: boolean) => void;
};

/** Checkbox's look without react-aria, for the sign-in screens (docs/architecture.md#first-load). */
export function PlainCheckbox({ label, name, isSelected, onChange }: PlainCheckboxProps) {
  return (
    <label className="checkbox" data-selected={isSelected || undefined}>
      <input
        type="checkbox"
        className="visually-hidden"
        name={name}
        checked={isSelected}
        onChange={(event) => onChange(event.target.checked)}
      />
      <CheckboxBox />
      {label}
    </label>
  );
}
