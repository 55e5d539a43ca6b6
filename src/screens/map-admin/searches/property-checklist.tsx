import { CheckboxGroup, FieldError, Label } from 'react-aria-components';
import type { LayerProperty } from '@generated/model';
import { Checkbox } from '@/components/ui/checkbox';
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
    <CheckboxGroup className="field" value={value} onChange={onChange} isInvalid={serverError !== undefined}>
      <Label className="field-label">{label}</Label>
      <div className="item-actions">
        {properties.map((property) => (
          <Checkbox
            key={property.name}
            value={property.name}
            label={`${property.label} (${property.name})`}
          />
        ))}
      </div>
      <FieldError className="field-error">{serverError}</FieldError>
    </CheckboxGroup>
  );
}
