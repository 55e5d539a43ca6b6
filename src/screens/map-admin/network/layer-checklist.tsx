import { useContext } from 'react';
import type { Layer } from '@generated/model';
import { Checklist, type ChecklistProps } from '@/components/ui/checklist';
import { ServerErrorsContext } from '@/components/ui/server-errors';

type LayerChecklistProps = Omit<ChecklistProps, 'options' | 'error'> & {
  name: string;
  layers: readonly Layer[];
};

/**
 * A labelled group of layer checkboxes. The server names the list (`name`) or one sent id
 * (`name.index`, in the order of `value`, which is the order sent); all show under the group.
 */
export function LayerChecklist({ name, layers, ...list }: LayerChecklistProps) {
  const errors = useContext(ServerErrorsContext);
  const messages = [name, ...list.value.map((_, index) => `${name}.${index}`)].flatMap(
    (key) => errors[key] ?? [],
  );
  const serverError = messages.length > 0 ? [...new Set(messages)].join(' ') : undefined;
  return (
    <Checklist
      {...list}
      options={layers.map((layer) => ({ id: String(layer.id), label: layer.name }))}
      error={serverError}
    />
  );
}
