import type { Layer } from '@generated/model';
import { styleOf } from '../layer-model';
import {
  SINGLE,
  geometryKindOf,
  rangeLabel,
  symbolOf,
  type GeometryKind,
  type StyleSymbol,
} from '../thematic-style';

/** One swatch of a legend: what it draws and what it says. */
export type LegendItem = {
  label: string;
  geometry: GeometryKind | 'raster';
  symbol: StyleSymbol;
  /** The "Other" row of a categorized style (values that are in no category). */
  other?: boolean;
};

/** A titled group of swatches: the colours by one property, or the sizes by another. */
export type LegendSection = { title: string | null; items: LegendItem[] };

export type LegendTexts = { other: string; locale?: string };

const propertyLabel = (layer: Layer, name: string) =>
  layer.properties.find((property) => property.name === name)?.label || name;

/**
 * A layer's legend from its style, the one model the viewer's layer panel and print draw:
 * single, one swatch named after the layer; categorized, a swatch per value and "Other";
 * graduated, a swatch per class with its range; a graduated size adds a section of widths.
 */
export function legendSections(layer: Layer, texts: LegendTexts): LegendSection[] {
  const style = styleOf(layer);
  const thematic = style.thematic ?? SINGLE;
  if (layer.type !== 'vector' && layer.type !== 'geojson_url') {
    return [{ title: null, items: [{ label: layer.name, geometry: 'raster', symbol: style }] }];
  }
  const geometry = geometryKindOf(layer.geometry_type ?? 'LineString');
  const symbol = (colorIndex: number, sizeIndex: number) =>
    symbolOf(style, thematic, geometry, colorIndex, sizeIndex);
  const sections: LegendSection[] = [];
  if (thematic.kind === 'categorized' && thematic.property) {
    sections.push({
      title: propertyLabel(layer, thematic.property),
      items: [
        ...thematic.categories.map((entry, index) => ({
          label: entry.label || entry.value,
          geometry,
          symbol: symbol(index, -1),
        })),
        { label: texts.other, geometry, symbol: symbol(-1, -1), other: true },
      ],
    });
  } else if (thematic.kind === 'graduated' && thematic.property) {
    sections.push({
      title: propertyLabel(layer, thematic.property),
      items: thematic.classes.map((entry, index) => ({
        label: rangeLabel(entry, texts.locale),
        geometry,
        symbol: symbol(index, -1),
      })),
    });
  } else {
    sections.push({ title: null, items: [{ label: layer.name, geometry, symbol: symbol(-1, -1) }] });
  }
  if (thematic.size) {
    sections.push({
      title: propertyLabel(layer, thematic.size.property),
      items: thematic.size.classes.map((entry, index) => ({
        label: rangeLabel(entry, texts.locale),
        geometry,
        symbol: symbolOf(style, thematic, geometry, -1, index),
      })),
    });
  }
  return sections;
}
