import type { LayerProperty } from '../../../generated/model';

export function toText(value: unknown): string {
  return value === null || value === undefined ? '' : String(value);
}

export function fromText(property: LayerProperty, text: string): string | number | boolean | null {
  if (text === '') return null;
  if (property.type === 'integer' || property.type === 'number') return Number(text);
  if (property.type === 'boolean') return text === 'true';
  return text;
}

type PropertyFieldsProps = {
  properties: readonly LayerProperty[];
  texts: Readonly<Record<string, string>>;
  onChange: (name: string, text: string) => void;
};

/** One input per property of a layer's attribute schema, by its type. */
export function PropertyFields({ properties, texts, onChange }: PropertyFieldsProps) {
  return (
    <>
      {properties.map((property) => {
        const value = texts[property.name] ?? '';
        const set = (next: string) => onChange(property.name, next);
        const choices =
          property.type === 'boolean'
            ? ['true', 'false']
            : property.type === 'enum'
              ? (property.options ?? [])
              : null;
        return (
          <label key={property.name} className="filter-field">
            {property.label}
            {choices ? (
              <select value={value} onChange={(event) => set(event.target.value)}>
                <option value="">—</option>
                {choices.map((choice) => (
                  <option key={choice} value={choice}>
                    {choice}
                  </option>
                ))}
              </select>
            ) : (
              <input
                value={value}
                type={
                  property.type === 'integer' || property.type === 'number'
                    ? 'number'
                    : property.type === 'date'
                      ? 'date'
                      : 'text'
                }
                step={property.type === 'number' ? 'any' : undefined}
                onChange={(event) => set(event.target.value)}
              />
            )}
          </label>
        );
      })}
    </>
  );
}
