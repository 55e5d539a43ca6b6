import type { Feature } from '../generated/model';
import { townLayers } from './town';

/**
 * A time range (OGC `datetime`) in mock mode, as the server reads it for the viewer's time
 * slider: dates `a/b` with `..` for an open end, or one date; a feature without a time matches
 * any range; a layer without a time property is a 422 on the field.
 */
const DAY = /^\d{4}-\d{2}-\d{2}$/;

type Span = { from: string | null; to: string | null };

function spanOf(text: string): Span | null {
  const parts = text.split('/');
  if (parts.length > 2) return null;
  const end = (part: string) =>
    part === '..' || part === '' ? null : DAY.test(part.slice(0, 10)) ? part.slice(0, 10) : undefined;
  const from = end(parts[0] ?? '');
  const to = parts.length === 1 ? from : end(parts[1] ?? '');
  if (from === undefined || to === undefined || (from !== null && to !== null && from > to)) return null;
  return { from, to };
}

/** The layer's time property, or undefined when it has none. */
export function timePropertyOf(layerId: number): string | undefined {
  return townLayers().find((layer) => layer.id === layerId)?.time_property ?? undefined;
}

/** What is wrong with a range on a layer, in the server's words, or undefined. */
export function timeProblem(layerId: number, datetime: string | undefined): string | undefined {
  if (datetime === undefined) return undefined;
  if (!timePropertyOf(layerId)) return 'This layer has no time property.';
  return spanOf(datetime) ? undefined : 'Give a date, a date-time or an interval (start/end).';
}

/** Whether the feature's time meets the range (always, without a range or a time). */
export function inTime(feature: Feature, datetime: string | undefined): boolean {
  if (datetime === undefined) return true;
  const property = timePropertyOf(feature.layer_id);
  const span = spanOf(datetime);
  const value = property ? feature.properties?.[property] : undefined;
  if (!span || typeof value !== 'string' || !DAY.test(value.slice(0, 10))) return true;
  const day = value.slice(0, 10);
  return (span.from === null || day >= span.from) && (span.to === null || day <= span.to);
}
