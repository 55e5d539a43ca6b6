import type { GeometryType, LayerStyle, LayerStyleInput } from '@generated/model';
import type { StyleKind } from '@/map/thematic-style';
import { toNumber } from '../shell/numbers';
import { DARK2 } from '@/components/ui/color-brewer';

/** One category or class row as typed; `size` is the line width (lines) or point size (points). */
export type CategoryDraft = { value: string; label: string; color: string; size: string };
export type ClassDraft = { min: string; max: string; label: string; color: string; size: string };

export type StyleDraft = {
  stroke_color: string;
  stroke_width: string;
  fill_color: string;
  point_radius: string;
  label_property: string | null;
  kind: StyleKind;
  property: string | null;
  categories: CategoryDraft[];
  classes: ClassDraft[];
  /** Line width / point size by classes of a number, on top of any kind; no property: none. */
  size: SizeDraft;
};

export type SizeDraft = { property: string | null; classes: ClassDraft[] };

const isPoint = (geometry: GeometryType | null) => geometry?.includes('Point') ?? false;
const text = (value: number | null | undefined) =>
  value === null || value === undefined ? '' : String(value);

export function styleDraft(style: LayerStyle, geometry: GeometryType | null = null): StyleDraft {
  const sizeOf = (entry: { stroke_width?: number | null; point_radius?: number | null }) =>
    text(isPoint(geometry) ? entry.point_radius : entry.stroke_width);
  return {
    stroke_color: style.stroke_color,
    stroke_width: String(style.stroke_width),
    fill_color: style.fill_color,
    point_radius: String(style.point_radius),
    label_property: style.label_property,
    kind: style.kind ?? 'single',
    property: style.property ?? null,
    categories: (style.categories ?? []).map((entry) => ({
      value: String(entry.value),
      label: entry.label ?? '',
      color: entry.color,
      size: sizeOf(entry),
    })),
    classes: (style.classes ?? []).map((entry) => ({
      min: String(entry.min),
      max: String(entry.max),
      label: entry.label ?? '',
      color: entry.color ?? style.fill_color,
      size: sizeOf(entry),
    })),
    size: {
      property: style.size?.property ?? null,
      classes: (style.size?.classes ?? []).map((entry) => ({
        min: String(entry.min),
        max: String(entry.max),
        label: entry.label ?? '',
        color: '',
        size: sizeOf(entry),
      })),
    },
  };
}

const HEX = /^#[0-9a-fA-F]{6}([0-9a-fA-F]{2})?$/;

/** The size field of a row as the API names it for this geometry. */
function sizeInput(size: string, geometry: GeometryType | null) {
  const value = toNumber(size);
  if (value === undefined) return {};
  return isPoint(geometry) ? { point_radius: value } : { stroke_width: value };
}

/** The size part as the API takes it: null once no property is chosen or no class is left. */
function sizeOfDraft(size: SizeDraft, geometry: GeometryType | null): LayerStyleInput['size'] {
  if (size.property === null || size.classes.length === 0) return null;
  return {
    property: size.property,
    classes: size.classes.map((row) => ({
      min: toNumber(row.min) ?? Number.NaN,
      max: toNumber(row.max) ?? Number.NaN,
      label: row.label,
      ...sizeInput(row.size, geometry),
    })),
  };
}

/**
 * What the form sends: single sends only its kind, so a stored thematic setup survives a
 * switch back and forth; thematic kinds send their property and rows. Half-typed numbers go
 * as NaN for the server to name (as the other number fields do).
 */
export function styleInput(draft: StyleDraft, geometry: GeometryType | null = null): LayerStyleInput {
  const base: LayerStyleInput = {
    stroke_color: draft.stroke_color,
    stroke_width: toNumber(draft.stroke_width) ?? Number.NaN,
    fill_color: draft.fill_color,
    point_radius: toNumber(draft.point_radius) ?? Number.NaN,
    label_property: draft.label_property,
    kind: draft.kind,
    size: sizeOfDraft(draft.size, geometry),
  };
  if (draft.kind === 'categorized')
    return {
      ...base,
      property: draft.property,
      categories: draft.categories.map((row) => ({
        value: row.value,
        label: row.label,
        color: row.color,
        ...sizeInput(row.size, geometry),
      })),
    };
  if (draft.kind === 'graduated')
    return {
      ...base,
      property: draft.property,
      classes: draft.classes.map((row) => ({
        min: toNumber(row.min) ?? Number.NaN,
        max: toNumber(row.max) ?? Number.NaN,
        label: row.label,
        color: row.color,
        ...sizeInput(row.size, geometry),
      })),
    };
  return base;
}

const complete = (entry: { min: number; max: number }) =>
  !Number.isNaN(entry.min) && !Number.isNaN(entry.max);

/** What the preview can draw from a half-typed draft: invalid parts fall back to neutral values. */
export function previewStyle(draft: StyleDraft, geometry: GeometryType | null): LayerStyle {
  const input = styleInput(draft, geometry);
  const number = (value: number | undefined, fallback: number) =>
    value === undefined || Number.isNaN(value) ? fallback : value;
  return {
    stroke_color: HEX.test(draft.stroke_color) ? draft.stroke_color : '#888888',
    stroke_width: number(input.stroke_width, 1),
    fill_color: HEX.test(draft.fill_color) ? draft.fill_color : '#cccccc',
    point_radius: number(input.point_radius, 5),
    label_property: draft.label_property,
    kind: draft.kind,
    property: draft.property ?? null,
    categories: (input.categories ?? []).map((entry) => ({ ...entry, value: entry.value })),
    classes: (input.classes ?? []).filter(complete),
    size: input.size ? { property: input.size.property, classes: input.size.classes.filter(complete) } : null,
  };
}

/** ColorBrewer "Dark2" then "Set2": distinct colours for new categories, in order. */
const CATEGORY_COLOURS = [...DARK2, '#66c2a5', '#fc8d62', '#8da0cb', '#e78ac3'];
/** ColorBrewer "Reds", light to dark, for graduated classes. */
const CLASS_COLOURS = ['#fee5d9', '#fcbba1', '#fc9272', '#fb6a4a', '#de2d26', '#a50f15'];

export const categoryColour = (index: number) => CATEGORY_COLOURS[index % CATEGORY_COLOURS.length] as string;

export function classColour(index: number, count: number): string {
  const position =
    count <= 1 ? CLASS_COLOURS.length - 1 : Math.round((index / (count - 1)) * (CLASS_COLOURS.length - 1));
  return CLASS_COLOURS[position] as string;
}

/** `count` sizes growing from thin to wide (lines) or small to large (points). */
export function growingSizes(count: number, geometry: GeometryType | null): string[] {
  const [from, to] = isPoint(geometry) ? [3, 9] : [1, 6];
  return Array.from({ length: count }, (_, index) =>
    String(count <= 1 ? to : Math.round((from + ((to - from) * index) / (count - 1)) * 10) / 10),
  );
}

/** `count` equal classes from `min` to `max`, coloured light to dark. */
export function equalClasses(min: number, max: number, count: number): ClassDraft[] {
  const step = (max - min) / count;
  const round = (value: number) => Math.round(value * 1000) / 1000;
  return Array.from({ length: count }, (_, index) => ({
    min: String(round(min + index * step)),
    max: String(round(index === count - 1 ? max : min + (index + 1) * step)),
    label: '',
    color: classColour(index, count),
    size: '',
  }));
}
