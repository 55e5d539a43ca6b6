import RenderFeature from 'ol/render/Feature';
import type MultiPolygon from 'ol/geom/MultiPolygon';
import type Style from 'ol/style/Style';
import { describe, expect, it } from 'vitest';
import type { LayerStyleModel } from '../layer-model';
import { layerStyleFunction } from './feature-style';
import { pointDisc } from './point-disc';

const STYLE: LayerStyleModel = {
  strokeColor: '#123456',
  strokeWidth: 1,
  fillColor: '#ff0000',
  pointRadius: 5,
  labelProperty: null,
  heightProperty: null,
};

const point = (id: number, x: number, y: number) => new RenderFeature('Point', [x, y], [], 2, {}, id);

describe('pointDisc', () => {
  it('makes a disc of the radius in screen pixels at the given resolution, around the point', () => {
    const disc = pointDisc(5, 100)(point(1, 1000, 2000)) as RenderFeature;
    expect(disc.getType()).toBe('Polygon');
    const [minX, minY, maxX, maxY] = disc.getExtent();
    expect(minX).toBeCloseTo(500);
    expect(maxX).toBeCloseTo(1500);
    expect(minY).toBeGreaterThan(1500 - 1);
    expect(maxY).toBeLessThan(2500 + 1);
    expect(disc.getFlatCoordinates().length).toBeGreaterThanOrEqual(2 * 10);
  });

  it('gives a multipoint one disc per point and leaves other geometries alone', () => {
    const multi = new RenderFeature('MultiPoint', [0, 0, 5000, 0], [], 2, {}, 2);
    const discs = pointDisc(4, 10)(multi) as MultiPolygon;
    expect(discs.getPolygons()).toHaveLength(2);
    const line = new RenderFeature('LineString', [0, 0, 10, 10], [4], 2, {}, 3);
    expect(pointDisc(4, 10)(line)).toBeUndefined();
  });
});

describe('layerStyleFunction with points as discs', () => {
  it('draws points in the layer colours, and the selected one larger in the accent on top', () => {
    const styleOf = layerStyleFunction(STYLE, [], 7, { pointsAsDiscs: true });
    const plain = styleOf(point(1, 0, 0), 20) as Style;
    const selected = styleOf(point(7, 0, 0), 20) as Style;
    expect(plain.getFill()?.getColor()).toBe('#ff0000');
    expect(plain.getStroke()?.getColor()).toBe('#123456');
    expect(selected.getStroke()?.getColor()).toBe('#d6007a');
    expect(selected.getZIndex()).toBeGreaterThan(plain.getZIndex() ?? 0);
    const width = (style: Style) => {
      const [minX = 0, , maxX = 0] = (
        style.getGeometryFunction()(point(1, 0, 0)) as RenderFeature
      ).getExtent();
      return (maxX - minX) / 20;
    };
    expect(width(plain)).toBeCloseTo(10);
    expect(width(selected)).toBeCloseTo(16);
  });

  it('sizes the discs for the resolution the tile is drawn at', () => {
    const styleOf = layerStyleFunction(STYLE, [], null, { pointsAsDiscs: true });
    const at = (resolution: number) => {
      const style = styleOf(point(1, 0, 0), resolution) as Style;
      const [minX = 0, , maxX = 0] = (
        style.getGeometryFunction()(point(1, 0, 0)) as RenderFeature
      ).getExtent();
      return maxX - minX;
    };
    expect(at(40)).toBeCloseTo(2 * at(20));
  });
});
