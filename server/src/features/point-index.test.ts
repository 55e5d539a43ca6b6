import { describe, expect, it } from 'vitest';
import type { Queryable } from '../db/database.ts';
import { POINT_INDEX_MIN_FEATURES, PointIndexes, type LayerVersion } from './point-index.ts';

/** A database holding one point layer of `count` points at version 7, read in chunks as the index reads. */
function pointDatabase(count: number) {
  const statements: string[] = [];
  const db: Queryable = {
    async query<Row>(sql: string, params: readonly unknown[] = []) {
      statements.push(sql);
      const after = Number(params[1]);
      const ids = Array.from(
        { length: Math.max(0, Math.min(10_000, count - after)) },
        (_, i) => after + i + 1,
      );
      const chunk = {
        ids: ids.length ? ids : null,
        xs: ids.map((id) => id / count),
        ys: ids.map((id) => 1 - id / count),
        sizes: ids.map(() => 40),
        geometries: ids
          .map((id) => `{"type":"Point","coordinates":[${id / count},${1 - id / count}]}`)
          .join('\n'),
        properties: ids.map((id) => `{"n": ${id}}`).join('\n'),
        withSchema: ids.map(() => null),
        people: ids.map(() => ' 3 0 0').join('\n'),
        others: 0,
        last: ids.length ? ids[ids.length - 1] : null,
        version: '7',
      };
      return [chunk] as Row[];
    },
  };
  return { db, statements };
}

const layer: LayerVersion = {
  id: 1,
  geometry_type: 'Point',
  features_count: POINT_INDEX_MIN_FEATURES,
  version: 7,
  created_at: 'then',
};

describe('the point indexes of a database', () => {
  it('keep an index that fits, built once its version has held', async () => {
    const { db, statements } = pointDatabase(POINT_INDEX_MIN_FEATURES);
    const indexes = new PointIndexes(db, 64 * 1024 * 1024, 0);
    expect(indexes.get(layer)).toBeUndefined();
    await indexes.settled();
    const grid = indexes.get(layer);
    expect(grid?.size).toBe(POINT_INDEX_MIN_FEATURES);
    expect(grid?.search(0, 0, 1, 1, 100_000)).toHaveLength(POINT_INDEX_MIN_FEATURES);
    // One chunk of points and the empty one that ends the read; none since.
    expect(statements).toHaveLength(2);
  });

  it('do not read again and again an index too big for the bound', async () => {
    const { db, statements } = pointDatabase(POINT_INDEX_MIN_FEATURES);
    const indexes = new PointIndexes(db, 1024, 0);
    for (let ask = 0; ask < 5; ask += 1) {
      expect(indexes.get(layer)).toBeUndefined();
      await indexes.settled();
    }
    expect(statements).toHaveLength(2);
  });
});
