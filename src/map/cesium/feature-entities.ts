import {
  ArcType,
  Cartesian3,
  Color,
  ColorMaterialProperty,
  ConstantProperty,
  CustomDataSource,
  Entity,
  PolygonHierarchy,
  type PointGraphics,
  type PolygonGraphics,
  type PolylineGraphics,
} from 'cesium';
import type { FeatureCollection } from '@generated/model';
import type { LayerStyleModel } from '../layer-model';
import { SINGLE, classifier, symbolOf, type GeometryKind } from '../thematic-style';

/** Same accents as the 2D engine, so a selection looks alike in both. */
const HIGHLIGHT = Color.fromCssColorString('#ff7a00');
const SELECTED = Color.fromCssColorString('#d6007a');
/** Lines and points sit just above the ellipsoid so the globe's surface never hides them. */
const LINE_HEIGHT_M = 1;

/** What a picked entity stands for. */
export type EntityFeature = { layerId: number; featureId: number; properties: Record<string, unknown> };

const featureOf = new WeakMap<Entity, EntityFeature & { kind: 'point' | 'line' | 'area' | 'outline' }>();

export function pickedFeature(entity: unknown): EntityFeature | null {
  if (!(entity instanceof Entity)) return null;
  const found = featureOf.get(entity);
  return found ? { layerId: found.layerId, featureId: found.featureId, properties: found.properties } : null;
}

type Ring = number[][];
const positions = (ring: Ring, height = 0) =>
  Cartesian3.fromDegreesArrayHeights(ring.flatMap(([lon = 0, lat = 0]) => [lon, lat, height]));

/** The geometry's parts as points, lines and polygons (multi-geometries split into parts). */
function parts(geometry: unknown): { points: Ring; lines: Ring[]; polygons: Ring[][] } {
  const out = { points: [] as Ring, lines: [] as Ring[], polygons: [] as Ring[][] };
  if (typeof geometry !== 'object' || geometry === null || !('type' in geometry)) return out;
  const { type } = geometry as { type: string };
  const coordinates = (geometry as { coordinates?: unknown }).coordinates;
  if (type === 'Point') out.points.push(coordinates as number[]);
  if (type === 'MultiPoint') out.points.push(...(coordinates as Ring));
  if (type === 'LineString') out.lines.push(coordinates as Ring);
  if (type === 'MultiLineString') out.lines.push(...(coordinates as Ring[]));
  if (type === 'Polygon') out.polygons.push(coordinates as Ring[]);
  if (type === 'MultiPolygon') out.polygons.push(...(coordinates as Ring[][]));
  if (type === 'GeometryCollection') {
    for (const child of (geometry as { geometries?: unknown[] }).geometries ?? []) {
      const more = parts(child);
      out.points.push(...more.points);
      out.lines.push(...more.lines);
      out.polygons.push(...more.polygons);
    }
  }
  return out;
}

/** The extrusion height a feature's property gives, when the layer style names one. */
function extrusion(style: LayerStyleModel, properties: Record<string, unknown>): number | undefined {
  if (!style.heightProperty) return undefined;
  const value = Number(properties[style.heightProperty]);
  return Number.isFinite(value) && value > 0 ? value : undefined;
}

/** One data source per layer: points, lines, and polygons with their outlines as lines. */
export function featureDataSource(
  name: string,
  layerId: number,
  collection: FeatureCollection,
  style: LayerStyleModel,
): CustomDataSource {
  const source = new CustomDataSource(name);
  const thematic = style.thematic ?? SINGLE;
  const classify = classifier(thematic);
  for (const feature of collection.features) {
    const properties = feature.properties;
    const base = { layerId, featureId: feature.id, properties };
    const { points, lines, polygons } = parts(feature.geometry);
    const add = (kind: 'point' | 'line' | 'area' | 'outline', options: Entity.ConstructorOptions) => {
      const entity = source.entities.add(new Entity(options));
      featureOf.set(entity, { ...base, kind });
    };
    for (const [lon = 0, lat = 0] of points)
      add('point', {
        position: Cartesian3.fromDegrees(lon, lat, LINE_HEIGHT_M),
        point: { disableDepthTestDistance: Number.POSITIVE_INFINITY },
      });
    // Lines at one height overdraw each other in no set order: wider lines (street casings,
    // trunk mains) sit lower, so a narrow pipe drawn along a wide street stays on top of it.
    const [colorClass, sizeClass] = lines.length > 0 ? classify((key) => properties[key]) : [-1, -1];
    const width = lines.length > 0 ? symbolOf(style, thematic, 'line', colorClass, sizeClass).strokeWidth : 0;
    const lineHeight = LINE_HEIGHT_M + Math.max(0, 20 - width) * 0.5;
    for (const line of lines)
      add('line', { polyline: { positions: positions(line, lineHeight), arcType: ArcType.GEODESIC } });
    for (const [outer = [], ...holes] of polygons) {
      const height = extrusion(style, properties);
      add('area', {
        polygon: {
          hierarchy: new PolygonHierarchy(
            positions(outer),
            holes.map((hole) => new PolygonHierarchy(positions(hole))),
          ),
          height: 0,
          ...(height === undefined ? {} : { extrudedHeight: height }),
        },
      });
      for (const ring of [outer, ...holes])
        add('outline', {
          polyline: { positions: positions(ring, (height ?? 0) + LINE_HEIGHT_M), arcType: ArcType.GEODESIC },
        });
    }
  }
  return source;
}

function withAlpha(css: string, alpha: number): Color {
  const color = Color.fromCssColorString(css) ?? Color.GRAY;
  return color.withAlpha(color.alpha * alpha);
}

type EntityPaint = { stroke: Color; fill: Color; areaFill: Color; strokeWidth: number; pointRadius: number };

/**
 * Colours every entity of a layer's data source by its style (per category or class of a
 * thematic style, the same colours as 2D), opacity and emphasis.
 */
export function styleFeatureEntities(
  source: CustomDataSource,
  style: LayerStyleModel,
  opacity: number,
  highlightedIds: readonly number[],
  selectedId: number | null,
): void {
  const highlighted = new Set(highlightedIds);
  const thematic = style.thematic ?? SINGLE;
  const classify = classifier(thematic);
  // Colours made once per class and geometry, not per entity.
  const paints = new Map<string, EntityPaint>();
  const paintOf = (geometry: GeometryKind, properties: Record<string, unknown>): EntityPaint => {
    const [colorClass, sizeClass] = classify((name) => properties[name]);
    const key = `${geometry}:${colorClass}:${sizeClass}`;
    let paint = paints.get(key);
    if (!paint) {
      const symbol = symbolOf(style, thematic, geometry, colorClass, sizeClass);
      const fill = withAlpha(symbol.fillColor, opacity);
      paint = {
        stroke: withAlpha(symbol.strokeColor, opacity),
        fill,
        // A fill with no alpha of its own would hide what lies under the polygon, as in 2D.
        areaFill: fill.alpha >= 0.99 * opacity ? fill.withAlpha(0.35 * opacity) : fill,
        strokeWidth: symbol.strokeWidth,
        pointRadius: symbol.pointRadius,
      };
      paints.set(key, paint);
    }
    return paint;
  };
  for (const entity of source.entities.values) {
    const found = featureOf.get(entity);
    if (!found) continue;
    const accent =
      found.featureId === selectedId ? SELECTED : highlighted.has(found.featureId) ? HIGHLIGHT : null;
    const geometry: GeometryKind =
      found.kind === 'point' ? 'point' : found.kind === 'line' ? 'line' : 'polygon';
    const paint = paintOf(geometry, found.properties);
    const lineWidth = Math.max(paint.strokeWidth, 1) + (accent ? 3 : 0);
    if (found.kind === 'point') {
      const point = entity.point as PointGraphics;
      point.pixelSize = new ConstantProperty((Math.max(paint.pointRadius, 2) + (accent ? 3 : 0)) * 2);
      point.color = new ConstantProperty(paint.fill);
      point.outlineColor = new ConstantProperty(accent ?? paint.stroke);
      point.outlineWidth = new ConstantProperty(accent ? 3 : 1.5);
    } else if (found.kind === 'area') {
      (entity.polygon as PolygonGraphics).material = new ColorMaterialProperty(
        accent ? accent.withAlpha(0.55 * opacity) : paint.areaFill,
      );
    } else {
      const polyline = entity.polyline as PolylineGraphics;
      polyline.width = new ConstantProperty(lineWidth);
      polyline.material = new ColorMaterialProperty(accent ?? paint.stroke);
    }
  }
}
