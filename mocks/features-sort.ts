import type { Feature } from '../generated/model';
import { townLayers } from './town';
import { validationFailed } from './responses';

type Sorted = { ok: true; rows: Feature[] } | { ok: false; response: Response };

function compareValues(a: unknown, b: unknown): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return String(a).localeCompare(String(b));
}

/** listLayerFeatures' `sort` as the server reads it: id or a schema property, missing values last, ties by id. */
export function sortFeatures(rows: Feature[], layerId: number, sort: string | undefined): Sorted {
  if (!sort) return { ok: true, rows };
  const descending = sort.startsWith('-');
  const name = descending ? sort.slice(1) : sort;
  const layer = townLayers().find((entry) => entry.id === layerId);
  if (name !== 'id' && !layer?.properties.some((property) => property.name === name))
    return {
      ok: false,
      response: validationFailed({ sort: [`The layer has no property named "${name}".`] }),
    };
  const sign = descending ? -1 : 1;
  const valueOf = (feature: Feature) => (name === 'id' ? feature.id : feature.properties[name]);
  const sorted = [...rows].sort((a, b) => {
    const left = valueOf(a);
    const right = valueOf(b);
    const missing =
      Number(left === undefined || left === null) - Number(right === undefined || right === null);
    if (missing !== 0) return missing;
    return sign * (compareValues(left, right) || a.id - b.id);
  });
  return { ok: true, rows: sorted };
}
