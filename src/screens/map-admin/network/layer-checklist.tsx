import { useContext } from 'react';
import type { Layer } from '@generated/model';
import { Checklist } from '@/components/ui/checklist';
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
    <Checklist
      label={label}
      options={layers.map((layer) => ({ id: String(layer.id), label: layer.name }))}
      value={value}
      onChange={onChange}
      error={serverError}
    />
  );
}
