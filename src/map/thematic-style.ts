import type { LayerStyle } from '../../generated/model';

/**
 * Thematic styles (categorized, graduated, graduated size), engine-neutral: which class a
 * feature falls in and what that class draws. Engines cache their drawing objects per class,
 * so per feature the work is one map lookup or a short scan of at most 20 ranges.
 */
export type StyleKind = 'single' | 'categorized' | 'graduated';

/** One category or class; null fields keep the layer's own symbol. */
export type ThematicRule = {
  label: string;
  color: string | null;
  strokeWidth: number | null;
  pointRadius: number | null;
};
export type CategoryRule = ThematicRule & { value: string };
export type ClassRule = ThematicRule & { min: number; max: number };

export type ThematicModel = {
  kind: StyleKind;
  property: string | null;
  categories: CategoryRule[];
  classes: ClassRule[];
  size: { property: string; classes: ClassRule[] } | null;
};

/** The colours and sizes one feature is drawn with (before highlight). */
export type StyleSymbol = {
  strokeColor: string;
  fillColor: string;
  strokeWidth: number;
  pointRadius: number;
};

export type GeometryKind = 'point' | 'line' | 'polygon';

export function geometryKindOf(geometryType: string | null | undefined): GeometryKind {
  if (!geometryType) return 'point';
  if (geometryType.includes('Line')) return 'line';
  if (geometryType.includes('Polygon')) return 'polygon';
  return 'point';
}

const rule = (entry: {
  label?: string | null;
  color?: string | null;
  stroke_width?: number | null;
  point_radius?: number | null;
}): ThematicRule => ({
  label: entry.label ?? '',
  color: entry.color ?? null,
  strokeWidth: entry.stroke_width ?? null,
  pointRadius: entry.point_radius ?? null,
});

const classRules = (classes: LayerStyle['classes']): ClassRule[] =>
  (classes ?? []).map((entry) => ({ ...rule(entry), min: entry.min, max: entry.max }));

/** Reads the stored style; a style without `kind` (stored before thematic styles) is single. */
export function thematicOf(style: LayerStyle): ThematicModel {
  const kind: StyleKind = style.kind ?? 'single';
  return {
    kind,
    property: kind === 'single' ? null : (style.property ?? null),
    categories: (style.categories ?? []).map((entry) => ({ ...rule(entry), value: String(entry.value) })),
    classes: classRules(style.classes),
    size: style.size ? { property: style.size.property, classes: classRules(style.size.classes) } : null,
  };
}

export const SINGLE: ThematicModel = {
  kind: 'single',
  property: null,
  categories: [],
  classes: [],
  size: null,
};

/** Index of the class `value` falls in, -1 for none: `min <= value < max`, the last class also takes its max. */
export function classIndexOf(classes: readonly ClassRule[], value: unknown): number {
  if (value === null || value === undefined || value === '') return -1;
  const number = typeof value === 'number' ? value : Number(value);
  if (!Number.isFinite(number)) return -1;
  for (let index = 0; index < classes.length; index += 1) {
    const entry = classes[index] as ClassRule;
    if (number >= entry.min && (number < entry.max || (index === classes.length - 1 && number === entry.max)))
      return index;
  }
  return -1;
}

/**
 * Picks a feature's class from its properties, once per thematic model: returns
 * `[colour class, size class]`, -1 for "other" (the layer's own symbol).
 */
export function classifier(model: ThematicModel): (get: (name: string) => unknown) => [number, number] {
  const byValue = new Map(model.categories.map((entry, index) => [entry.value, index]));
  const size = model.size;
  const property = model.property;
  const main =
    property === null || model.kind === 'single'
      ? () => -1
      : model.kind === 'categorized'
        ? (get: (name: string) => unknown) => {
            const value = get(property);
            return value === null || value === undefined ? -1 : (byValue.get(String(value)) ?? -1);
          }
        : (get: (name: string) => unknown) => classIndexOf(model.classes, get(property));
  return (get) => [main(get), size ? classIndexOf(size.classes, get(size.property)) : -1];
}

/** What a feature of this class draws: the rule's colour on the line (lines) or the fill (the rest). */
export function symbolOf(
  base: StyleSymbol,
  model: ThematicModel,
  geometry: GeometryKind,
  colorIndex: number,
  sizeIndex: number,
): StyleSymbol {
  const main =
    colorIndex < 0
      ? null
      : model.kind === 'categorized'
        ? model.categories[colorIndex]
        : model.kind === 'graduated'
          ? model.classes[colorIndex]
          : null;
  const size = sizeIndex < 0 ? null : model.size?.classes[sizeIndex];
  const color = main?.color ?? null;
  return {
    strokeColor: color && geometry === 'line' ? color : base.strokeColor,
    fillColor: color && geometry !== 'line' ? color : base.fillColor,
    strokeWidth: size?.strokeWidth ?? main?.strokeWidth ?? base.strokeWidth,
    pointRadius: size?.pointRadius ?? main?.pointRadius ?? base.pointRadius,
  };
}

/** A class's range as the legend shows it when it has no label of its own. */
export function rangeLabel(entry: Pick<ClassRule, 'min' | 'max' | 'label'>, locale?: string): string {
  if (entry.label) return entry.label;
  const format = new Intl.NumberFormat(locale, { maximumFractionDigits: 2 });
  return `${format.format(entry.min)} – ${format.format(entry.max)}`;
}
