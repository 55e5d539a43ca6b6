import type { Feature, Layer } from '../../generated/model';

/**
 * What a list calls a feature: its layer's label property, else its first filled text
 * property (a valve's code, a pipe's name), else `#id`.
 */
export function featureLabel(layer: Layer | undefined, feature: Feature | undefined, id: number): string {
  const properties = feature?.properties ?? {};
  const candidates = [
    layer?.style.label_property,
    ...(layer?.properties ?? []).filter((property) => property.type === 'string').map((p) => p.name),
  ];
  for (const name of candidates) {
    const value = name ? properties[name] : undefined;
    if (typeof value === 'string' && value.trim() !== '') return value;
    if (typeof value === 'number') return String(value);
  }
  return `#${id}`;
}
