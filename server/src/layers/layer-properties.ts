import type { Database, Queryable } from '../db/database.ts';
import { invalid } from '../http/http-error.ts';
import { msg, type Problems } from '../i18n/messages.ts';
import type { LayerRow } from '../maps/records.ts';
import {
  propertyInputErrors,
  toStoredProperty,
  type LayerProperty,
  type LayerPropertyInput,
} from './layer-schema.ts';
import { layerRow } from './layer-store.ts';
import { dropReferences, renameReferences } from './property-references.ts';
import { auditSchemaChange, keepValuesBeforeSchemaChange } from './schema-change-audits.ts';
import { convertStoredValues } from './property-values.ts';

interface SchemaPlan {
  schema: LayerProperty[];
  renames: { from: string; to: string }[];
  /** Entries whose stored values must be checked against (and converted to) their new type. */
  retyped: { index: number; property: LayerProperty }[];
}

const sameOptions = (a: LayerProperty['options'], b: LayerProperty['options']) =>
  JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * The new schema: an entry with `previous_name` renames that entry; one without edits the entry
 * of the same name (unless that entry is being renamed away, then it is new); others are
 * added at the end. Entries not named stay as they are, in place.
 */
function planSchema(current: readonly LayerProperty[], inputs: readonly LayerPropertyInput[]): SchemaPlan {
  const errors: Problems = propertyInputErrors(inputs, { field: 'properties', renames: true });
  const names = new Set(current.map((entry) => entry.name));
  const renamedAway = new Set(
    inputs
      .filter((i) => i.previous_name !== undefined && i.previous_name !== i.name)
      .map((i) => i.previous_name),
  );
  const replacements = new Map<string, { index: number; input: LayerPropertyInput }>();
  const added: { index: number; input: LayerPropertyInput }[] = [];
  inputs.forEach((input, index) => {
    const from = input.previous_name ?? input.name;
    if (input.previous_name !== undefined && !names.has(input.previous_name)) {
      (errors[`properties.${index}.previous_name`] ??= []).push(
        msg('maps.property_unknown', { name: input.previous_name }),
      );
    } else if (input.previous_name !== undefined && replacements.has(from)) {
      (errors[`properties.${index}.previous_name`] ??= []).push(
        msg('maps.property_duplicate', { name: from }),
      );
    } else if (from !== input.name && names.has(input.name) && !renamedAway.has(input.name)) {
      (errors[`properties.${index}.name`] ??= []).push(msg('maps.property_exists', { name: input.name }));
    } else if (input.previous_name === undefined && (!names.has(input.name) || renamedAway.has(input.name))) {
      added.push({ index, input });
    } else {
      replacements.set(from, { index, input });
    }
  });
  if (Object.keys(errors).length > 0) throw invalid(errors);
  const retyped: SchemaPlan['retyped'] = [];
  const schema = current.map((entry) => {
    const replacement = replacements.get(entry.name);
    if (!replacement) return entry;
    const next = toStoredProperty(replacement.input);
    if (next.type !== entry.type || (next.type === 'enum' && !sameOptions(next.options, entry.options)))
      retyped.push({ index: replacement.index, property: next });
    return next;
  });
  for (const { index, input } of added) {
    const next = toStoredProperty(input);
    schema.push(next);
    // Values may already be stored under a name the schema did not list (e.g. imported data).
    retyped.push({ index, property: next });
  }
  const renames = [...replacements]
    .filter(([from, { input }]) => from !== input.name)
    .map(([from, { input }]) => ({ from, to: input.name }));
  return { schema, renames, retyped };
}

async function lockedLayer(tx: Queryable, layerId: number): Promise<LayerProperty[]> {
  const rows = await tx.query<{ properties: LayerProperty[] }>(
    'SELECT properties FROM layers WHERE id = $1 FOR UPDATE',
    [layerId],
  );
  return rows[0]?.properties ?? [];
}

/** PUT properties: one transaction; a value that does not convert rolls everything back (422). */
export async function updateLayerProperties(
  db: Database,
  layer: LayerRow,
  inputs: readonly LayerPropertyInput[],
  userId: number,
): Promise<LayerRow> {
  return db.transaction(async (tx) => {
    const plan = planSchema(await lockedLayer(tx, layer.id), inputs);
    const touched = [
      ...plan.renames.flatMap((rename) => [rename.from, rename.to]),
      ...plan.retyped.map(({ property }) => property.name),
    ];
    if (touched.length > 0) await keepValuesBeforeSchemaChange(tx, layer.id, touched);
    if (plan.renames.length > 0) {
      const olds = plan.renames.map((rename) => rename.from);
      const news = plan.renames.map((rename) => rename.to);
      // All renames in one statement, built from the old values, so a swap of two names works.
      await tx.query(
        `UPDATE features ft SET properties = (ft.properties - $2::text[]) || (
           SELECT COALESCE(jsonb_object_agg(r.new, ft.properties -> r.old), '{}'::jsonb)
           FROM unnest($2::text[], $3::text[]) r(old, new) WHERE ft.properties ? r.old)
         WHERE ft.layer_id = $1 AND ft.properties ?| $2::text[]`,
        [layer.id, olds, news],
      );
      await renameReferences(tx, layer.id, olds, news);
    }
    const errors: Problems = {};
    for (const { index, property } of plan.retyped) {
      if (!(await convertStoredValues(tx, layer.id, property)))
        errors[`properties.${index}.type`] = [
          msg('maps.values_not_convertible', { name: property.name, type: property.type }),
        ];
    }
    if (Object.keys(errors).length > 0) throw invalid(errors);
    if (touched.length > 0) await auditSchemaChange(tx, layer.id, userId);
    await tx.query('UPDATE layers SET properties = $2, updated_at = now() WHERE id = $1', [
      layer.id,
      JSON.stringify(plan.schema),
    ]);
    return layerRow(tx, layer.id);
  });
}

/** POST properties: removes the named entries, their stored values and what refers to them. */
export async function deleteLayerProperties(
  db: Database,
  layer: LayerRow,
  names: readonly string[],
  userId: number,
): Promise<LayerRow> {
  return db.transaction(async (tx) => {
    const current = await lockedLayer(tx, layer.id);
    const known = new Set(current.map((entry) => entry.name));
    const errors: Problems = {};
    names.forEach((name, index) => {
      if (!known.has(name)) errors[`names.${index}`] = [msg('maps.property_unknown', { name })];
    });
    if (Object.keys(errors).length > 0) throw invalid(errors);
    await keepValuesBeforeSchemaChange(tx, layer.id, names);
    await tx.query(
      `UPDATE features SET properties = properties - $2::text[] WHERE layer_id = $1 AND properties ?| $2::text[]`,
      [layer.id, names],
    );
    await auditSchemaChange(tx, layer.id, userId);
    await dropReferences(tx, layer.id, names);
    const schema = current.filter((entry) => !names.includes(entry.name));
    await tx.query('UPDATE layers SET properties = $2, updated_at = now() WHERE id = $1', [
      layer.id,
      JSON.stringify(schema),
    ]);
    return layerRow(tx, layer.id);
  });
}
