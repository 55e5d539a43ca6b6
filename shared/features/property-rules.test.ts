import { describe, expect, it } from 'vitest';
import type { components } from '../../generated/openapi-types.ts';
import { compilePattern, propertyProblems, valueFault } from './property-rules.ts';

type LayerProperty = components['schemas']['LayerProperty'];
const entry = (property: Partial<LayerProperty> & Pick<LayerProperty, 'name' | 'type'>): LayerProperty => ({
  label: property.name,
  required: false,
  options: null,
  ...property,
});

describe('valueFault', () => {
  it('names the type a value should have had', () => {
    expect(valueFault(entry({ name: 's', type: 'string' }), 3)).toBe('string');
    expect(valueFault(entry({ name: 'n', type: 'number' }), '3')).toBe('number');
    expect(valueFault(entry({ name: 'i', type: 'integer' }), 2.5)).toBe('integer');
    expect(valueFault(entry({ name: 'b', type: 'boolean' }), 'true')).toBe('boolean');
    expect(valueFault(entry({ name: 'i', type: 'integer' }), 2)).toBeUndefined();
  });

  it('holds numbers to the inclusive bounds', () => {
    const diameter = entry({ name: 'd', type: 'integer', min: 20, max: 1000 });
    expect([10, 20, 1000, 2000].map((value) => valueFault(diameter, value))).toEqual([
      'minimum',
      undefined,
      undefined,
      'maximum',
    ]);
  });

  it('checks the forms: pattern (whole value), date, web address, enum choice', () => {
    const code = entry({ name: 'c', type: 'string', pattern: '[A-Z]{2}-[0-9]{3}' });
    expect([valueFault(code, 'AB-123'), valueFault(code, 'xAB-123')]).toEqual([undefined, 'pattern']);
    const date = entry({ name: 'd', type: 'date' });
    expect([valueFault(date, '2024-02-29'), valueFault(date, '2023-02-30x')]).toEqual([undefined, 'date']);
    const url = entry({ name: 'u', type: 'url' });
    expect([valueFault(url, 'https://example.org/a'), valueFault(url, 'ftp://x')]).toEqual([
      undefined,
      'url',
    ]);
    const kind = entry({ name: 'k', type: 'enum', options: ['gate'] });
    expect([valueFault(kind, 'gate'), valueFault(kind, 'valve')]).toEqual([undefined, 'choice']);
  });

  it('leaves null (no value) to required', () => {
    expect(valueFault(entry({ name: 'n', type: 'number' }), null)).toBeUndefined();
  });
});

describe('compilePattern', () => {
  it('matches in time linear in the value, whatever the pattern', () => {
    const hostile = `${'a'.repeat(50_000)}!`;
    const started = performance.now();
    expect(compilePattern('(a+)+')?.test(hostile)).toBe(false);
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it('refuses what needs backtracking, and keeps the source', () => {
    expect(compilePattern('(?=A)\\w+')).toBeNull();
    expect(compilePattern('(a)\\1')).toBeNull();
    expect(compilePattern('[0-9]+')?.source).toBe('[0-9]+');
  });
});

describe('propertyProblems', () => {
  const schema = [
    entry({ name: 'name', type: 'string', required: true }),
    entry({ name: 'diameter_mm', type: 'integer', min: 20 }),
  ];

  it('names each problem by its place in the request, as a message key', () => {
    expect(propertyProblems(schema, { diameter_mm: 10, colour: 'red' }, 'features.0.properties')).toEqual({
      'features.0.properties.diameter_mm': [
        { key: 'validation.minimum', params: { field: 'features.0.properties.diameter_mm', limit: 20 } },
      ],
      'features.0.properties.colour': [{ key: 'features.unknown_property', params: { name: 'colour' } }],
      'features.0.properties.name': [
        { key: 'validation.required', params: { field: 'features.0.properties.name' } },
      ],
    });
  });

  it('in a partial edit, asks only for the required properties it names', () => {
    expect(propertyProblems(schema, { diameter_mm: 110 }, 'properties', true)).toEqual({});
    expect(propertyProblems(schema, { name: null }, 'properties', true)).toEqual({
      'properties.name': [{ key: 'validation.required', params: { field: 'properties.name' } }],
    });
  });
});
