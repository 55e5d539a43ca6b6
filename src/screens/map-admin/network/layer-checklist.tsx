import { CheckboxGroup, FieldError, Label } from 'react-aria-components';
import type { Layer } from '../../../../generated/model';
import { Checkbox } from '../../../components/ui/checkbox';
import { useServerError } from '../../../components/ui/server-errors';

type LayerChecklistProps = {
  label: string;
  name: string;
  layers: readonly Layer[];
  value: string[];
  onChange: (value: string[]) => void;
};

/** A labelled group of layer checkboxes whose server message shows under the group. */
export function LayerChecklist({ label, name, layers, value, onChange }: LayerChecklistProps) {
  const serverError = useServerError(name);
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
