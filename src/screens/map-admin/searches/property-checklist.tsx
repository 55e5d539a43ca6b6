import type { LayerProperty } from '@generated/model';
import { Checklist, type ChecklistProps } from '@/components/ui/checklist';
import { useServerError } from '@/components/ui/server-errors';

type PropertyChecklistProps = Omit<ChecklistProps, 'options' | 'error'> & {
  name: string;
  properties: readonly LayerProperty[];
};

/** Pick some of the chosen layer's properties (the fields a search looks in). */
export function PropertyChecklist({ name, properties, ...list }: PropertyChecklistProps) {
  const serverError = useServerError(name);
  return (
    <Checklist
      {...list}
      options={properties.map((property) => ({
        id: property.name,
        label: `${property.label} (${property.name})`,
      }))}
      error={serverError}
    />
  );
}
