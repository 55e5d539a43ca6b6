import { describe, expect, it } from 'vitest';
import type { Layer } from '@generated/model';
import { snapLayers } from './use-snap-targets';

const layer = (id: number, fields: Partial<Layer> = {}) =>
  ({ id, type: 'vector', min_zoom: null, max_zoom: null, ...fields }) as Layer;

describe('the layers a drawing snaps to', () => {
  const pipes = layer(1);
  const services = layer(2, { min_zoom: 16 });
  const detail = layer(3, { max_zoom: 12 });
  const imagery = layer(4, { type: 'xyz' });
  const unticked = layer(5);
  const all = [pipes, services, detail, imagery, unticked];
  const ticked = (candidate: Layer) => candidate.id !== unticked.id;

  it('are the ticked vector layers drawn at this zoom', () => {
    expect(snapLayers(all, ticked, 14).map((candidate) => candidate.id)).toEqual([1]);
    expect(snapLayers(all, ticked, 12).map((candidate) => candidate.id)).toEqual([1, 3]);
    expect(snapLayers(all, ticked, 16).map((candidate) => candidate.id)).toEqual([1, 2]);
  });
});
