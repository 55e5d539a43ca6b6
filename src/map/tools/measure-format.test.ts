import { describe, expect, test } from 'vitest';
import { formatArea, formatLength } from './measure-format';

describe('measure formatting', () => {
  test('lengths read in metres below a kilometre, then in kilometres', () => {
    expect(formatLength(3.14159, 'en')).toBe('3.1 m');
    expect(formatLength(999.4, 'en')).toBe('999 m');
    expect(formatLength(1000, 'en')).toBe('1.00 km');
    expect(formatLength(12_345, 'en')).toBe('12.35 km');
    expect(formatLength(250_000, 'en')).toBe('250.0 km');
  });

  test('areas read in square metres below a hectare, then in hectares', () => {
    expect(formatArea(5.25, 'en')).toBe('5.3 m²');
    expect(formatArea(9_999, 'en')).toBe('9,999 m²');
    expect(formatArea(10_000, 'en')).toBe('1.00 ha');
    expect(formatArea(2_500_000, 'en')).toBe('250.0 ha');
  });

  test("numbers follow the reader's locale", () => {
    expect(formatLength(1500, 'fr')).toBe('1,50 km');
    expect(formatArea(12_000, 'pt-BR')).toBe('1,20 ha');
  });
});
