import { describe, expect, it } from 'vitest';
import { SqlParams } from '../features/feature-filters.ts';
import { FilterError } from './cql2-lexer.ts';
import { cql2ToSql, type QueryableKind } from './cql2-parser.ts';

const QUERYABLES = new Map<string, QueryableKind>([
  ['material', 'text'],
  ['diameter_mm', 'number'],
  ['in_service', 'boolean'],
  ['geometry', 'geometry'],
]);

function parse(filter: string) {
  const params = new SqlParams();
  return { sql: cql2ToSql(filter, QUERYABLES, params), params: params.values };
}

function failure(filter: string) {
  try {
    parse(filter);
  } catch (error) {
    if (error instanceof FilterError) return { key: error.key, position: error.position, ...error.params };
    throw error;
  }
  throw new Error(`expected ${filter} to fail`);
}

describe('CQL2 text to SQL', () => {
  it('keeps every name and value out of the SQL text', () => {
    const { sql, params } = parse(
      `material = 'PV''C; DROP TABLE features' AND NOT (diameter_mm BETWEEN 100 AND 200) OR "material" IN ('a', 'b')`,
    );
    expect(sql).not.toMatch(/PV|DROP|material|100|'a'/);
    expect(params).toEqual([
      'material',
      "PV'C; DROP TABLE features",
      'diameter_mm',
      100,
      200,
      'material',
      ['a', 'b'],
    ]);
  });

  it('reads comparisons, LIKE, IS NULL, booleans and spatial literals', () => {
    expect(parse(`material LIKE 'P%' AND diameter_mm >= -1.5e2`).params).toEqual([
      'material',
      'P%',
      'diameter_mm',
      -150,
    ]);
    expect(parse('material IS NOT NULL').sql).toContain("<> 'null'");
    expect(parse('in_service = true').params).toEqual(['in_service', true]);
    expect(parse('S_INTERSECTS(geometry, BBOX(-9.2, 38.7, -9.1, 38.8))').params).toEqual([
      -9.2, 38.7, -9.1, 38.8,
    ]);
    const polygon = parse('S_INTERSECTS(geometry, POLYGON((0 0, 1 0, 1 1, 0 0)))').params[0];
    expect(JSON.parse(String(polygon))).toEqual({
      type: 'Polygon',
      coordinates: [
        [
          [0, 0],
          [1, 0],
          [1, 1],
          [0, 0],
        ],
      ],
    });
  });

  it('says where a filter goes wrong', () => {
    expect(failure('colour = 1')).toEqual({ key: 'unknown_property', position: 1, name: 'colour' });
    expect(failure("material = 'PVC' AND")).toMatchObject({ key: 'syntax', position: 21, found: 'end' });
    expect(failure('diameter_mm = ')).toMatchObject({ key: 'syntax', position: 15 });
    expect(failure("diameter_mm > 'big'")).toEqual({
      key: 'type',
      position: 15,
      name: 'diameter_mm',
      type: 'number',
    });
    expect(failure("material = 'open")).toMatchObject({ key: 'syntax', position: 12 });
    expect(failure('material ~ 1')).toMatchObject({ key: 'syntax', position: 10 });
    expect(failure('S_INTERSECTS(geometry, POLYGON((0 0, 1 0, 1 1)))')).toMatchObject({
      key: 'syntax',
      position: 24,
    });
    expect(failure(`${'('.repeat(100)}material = 'a'${')'.repeat(100)}`)).toMatchObject({
      key: 'too_complex',
    });
    expect(failure(`${'NOT '.repeat(100)}material = 'a'`)).toMatchObject({ key: 'too_complex' });
  });
});
