import type { FeatureLike } from 'ol/Feature';
import { Circle, Fill, Stroke, Style, Text } from 'ol/style';
import type { StyleFunction } from 'ol/style/Style';
import type { LayerStyleModel } from '../layer-model';
import { SINGLE, classifier, geometryKindOf, symbolOf, type StyleSymbol } from '../thematic-style';
import { pointDisc } from './point-disc';
import { inTimeRange } from '../time-filter';

const HIGHLIGHT = '#ff7a00';
const SELECTED = '#d6007a';

/** `#rrggbb` with a fill alpha, so polygons never hide what lies under them. */
function translucent(color: string, alpha: number): string {
  const match = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})/i.exec(color);
  if (!match) return color;
  const [r, g, b] = match.slice(1).map((hex) => parseInt(hex, 16));
  return `rgba(${r}, ${g}, ${b}, ${alpha})`;
}

type Emphasis = 'none' | 'highlight' | 'selected';

/** `discsAt`: draw points as discs for this resolution (vector tiles, see point-disc.ts). */
function styleFor(style: StyleSymbol, geometryType: string, emphasis: Emphasis, discsAt: number | null) {
  const accent = emphasis === 'selected' ? SELECTED : emphasis === 'highlight' ? HIGHLIGHT : null;
  const width = Math.max(style.strokeWidth, 0.5) + (accent ? 3 : 0);
  const stroke = new Stroke({ color: accent ?? style.strokeColor, width });
  if (geometryType === 'Point' || geometryType === 'MultiPoint') {
    const radius = Math.max(style.pointRadius, 2) + (accent ? 3 : 0);
    const fill = new Fill({ color: style.fillColor });
    const outline = new Stroke({ color: accent ?? style.strokeColor, width: accent ? 3 : 1.5 });
    const zIndex = accent ? 10 : 0;
    if (discsAt !== null) {
      return new Style({ geometry: pointDisc(radius, discsAt), fill, stroke: outline, zIndex });
    }
    return new Style({ image: new Circle({ radius, fill, stroke: outline }), zIndex });
  }
  if (geometryType === 'Polygon' || geometryType === 'MultiPolygon') {
    return new Style({
      fill: new Fill({ color: translucent(style.fillColor, accent ? 0.55 : 0.35) }),
      stroke,
      zIndex: accent ? 10 : 0,
    });
  }
  return new Style({ stroke, zIndex: accent ? 10 : 0 });
}

/**
 * Styles kept per layer before the cache starts over (one per geometry, emphasis, resolution
 * and class): a thematic layer has up to 50 colour classes times 20 size classes.
 */
const CACHED_STYLES = 1024;

/**
 * A style function for one layer: its stroke, fill, radius (per category or class of a
 * thematic style) and label, with highlighted and
 * selected features drawn on top in accent colours. Styles are cached per geometry type (and
 * per resolution for point discs). `pointsAsDiscs` is for vector tile layers (point-disc.ts).
 */
export function layerStyleFunction(
  style: LayerStyleModel,
  highlightedIds: readonly number[],
  selectedId: number | null,
  { pointsAsDiscs = false }: { pointsAsDiscs?: boolean } = {},
): StyleFunction {
  const highlighted = new Set(highlightedIds);
  const cache = new Map<string, Style>();
  const label = style.labelProperty;
  const thematic = style.thematic ?? SINGLE;
  const classify = classifier(thematic);
  const single = thematic.kind === 'single' && thematic.size === null;
  const time = style.time;
  return (feature: FeatureLike, resolution: number) => {
    // Outside the time slider's range: not drawn (and so not found by a click either).
    if (time && !inTimeRange(feature.get(time.property), time)) return undefined;
    const id = Number(feature.getId());
    const emphasis = id === selectedId ? 'selected' : highlighted.has(id) ? 'highlight' : 'none';
    const geometryType = feature.getGeometry()?.getType() ?? 'Point';
    const discsAt = pointsAsDiscs && geometryType.includes('Point') ? resolution : null;
    // Per feature: its class (one map lookup or a scan of at most 20 ranges), then a cached Style.
    const [colorClass, sizeClass] = single ? [-1, -1] : classify((name) => feature.get(name));
    const cacheKey = `${geometryType}:${emphasis}:${discsAt}:${colorClass}:${sizeClass}`;
    let base = cache.get(cacheKey);
    if (!base) {
      if (cache.size >= CACHED_STYLES) cache.clear();
      const symbol = symbolOf(style, thematic, geometryKindOf(geometryType), colorClass, sizeClass);
      base = styleFor(symbol, geometryType, emphasis, discsAt);
      cache.set(cacheKey, base);
    }
    // Labels only when zoomed in far enough (about street level) to be readable.
    const text = label ? feature.get(label) : undefined;
    if (text === undefined || text === null || text === '' || resolution > 5) return base;
    const labelled = base.clone();
    labelled.setText(
      new Text({
        text: String(text),
        font: '12px system-ui, sans-serif',
        fill: new Fill({ color: '#1d1d1d' }),
        stroke: new Stroke({ color: '#ffffff', width: 3 }),
        placement: geometryType.includes('LineString') ? 'line' : 'point',
        offsetY: geometryType.includes('Point') ? -12 : 0,
        overflow: false,
      }),
    );
    return labelled;
  };
}
