import { useContext } from 'react';
import { CheckboxGroup, FieldError, Label } from 'react-aria-components';
import type { Layer } from '@generated/model';
import { Checkbox } from '@/components/ui/checkbox';
import { ServerErrorsContext } from '@/components/ui/server-errors';

type LayerChecklistProps = {
  label: string;
  name: string;
  layers: readonly Layer[];
  value: string[];
  onChange: (value: string[]) => void;
};

/**
 * A labelled group of layer checkboxes. The server names the list (`name`) or one sent id
 * (`name.index`, in the order of `value`, which is the order sent); all show under the group.
 */
export function LayerChecklist({ label, name, layers, value, onChange }: LayerChecklistProps) {
  const errors = useContext(ServerErrorsContext);
  const messages = [name, ...value.map((_, index) => `${name}.${index}`)].flatMap((key) => errors[key] ?? []);
  const serverError = messages.length > 0 ? [...new Set(messages)].join(' ') : undefined;
  return (
    <CheckboxGroup className="field" value={value} onChange={onChange} isInvalid={serverError !== undefined}>
      <Label className="field-label">{label}</Label>
      <div className="item-actions">
        {layers.map((layer) => (
          <Checkbox key={layer.id} value={String(layer.id)} label={layer.name} />
        ))}
      </div>
      <FieldError className="field-error">{serverError}</FieldError>
    </CheckboxGroup>
  );
}
