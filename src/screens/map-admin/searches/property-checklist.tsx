import type { LayerProperty } from '@generated/model';
import { Checklist } from '@/components/ui/checklist';
import { useServerError } from '@/components/ui/server-errors';

type PropertyChecklistProps = {
  label: string;
  name: string;
  properties: readonly LayerProperty[];
  value: string[];
  onChange: (value: string[]) => void;
};

/** Pick some of the chosen layer's properties (the fields a search looks in). */
export function PropertyChecklist({ label, name, properties, value, onChange }: PropertyChecklistProps) {
  const serverError = useServerError(name);
  return (
    <Checklist
      label={label}
      options={properties.map((property) => ({
        id: property.name,
        label: `${property.label} (${property.name})`,
      }))}
      value={value}
      onChange={onChange}
      error={serverError}
    />
  );
}
