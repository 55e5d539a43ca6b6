import type { LayerProperty, LayerPropertyInput } from '../generated/model';

type SchemaResult =
  { ok: true; properties: LayerProperty[] } | { ok: false; errors: Record<string, string[]> };

/**
 * `PUT .../properties` as the server applies it: each entry edits the property named
 * `previous_name` (a rename) or `name`, or adds a new one; the whole call fails with
 * per-entry messages when any entry is wrong, and nothing changes.
 */
export function applySchemaEdits(
  current: readonly LayerProperty[],
  inputs: readonly LayerPropertyInput[],
): SchemaResult {
  const next = current.map((entry) => ({ ...entry }));
  const errors: Record<string, string[]> = {};
  inputs.forEach((input, index) => {
    const at = (field: string, message: string) =>
      (errors[`properties.${index}.${field}`] ??= []).push(message);
    const source = input.previous_name ?? input.name;
    const existing = next.find((entry) => entry.name === source);
    if (input.previous_name !== undefined && !existing) {
      at('previous_name', `There is no property named ${input.previous_name}.`);
      return;
    }
    const clash = next.find((entry) => entry.name === input.name && entry !== existing);
    if (clash) {
      at('name', `The layer already has a property named ${input.name}.`);
      return;
    }
    const options = input.type === 'enum' ? (input.options ?? []) : null;
    if (input.type === 'enum' && (options === null || options.length === 0)) {
      at('options', 'An enum property needs at least one option.');
      return;
    }
    const entry: LayerProperty = {
      name: input.name,
      label: input.label,
      type: input.type,
      required: input.required ?? existing?.required ?? false,
      options,
    };
    if (existing) Object.assign(existing, entry);
    else next.push(entry);
  });
  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, properties: next };
}
