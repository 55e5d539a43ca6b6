/** A manager's pick-one setting of a widget (its scope, its chart), named by its label only. */
export function WidgetChoice<T extends string>({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: T;
  /** Each value with its text, in the order offered. */
  options: readonly (readonly [T, string])[];
  onChange: (value: T) => void;
}) {
  return (
    <select aria-label={label} value={value} onChange={(event) => onChange(event.target.value as T)}>
      {options.map(([option, text]) => (
        <option key={option} value={option}>
          {text}
        </option>
      ))}
    </select>
  );
}
