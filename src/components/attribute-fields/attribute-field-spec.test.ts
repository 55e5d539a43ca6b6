import { describe, expect, test } from 'vitest';
import type { LayerProperty } from '@generated/model';
import {
  attributeFieldSpec,
  attributeHint,
  attributeProblem,
  errorsByProperty,
  fromText,
} from './attribute-field-spec';

const entry = (fields: Partial<LayerProperty> & Pick<LayerProperty, 'name' | 'type'>): LayerProperty => ({
  label: fields.name,
  required: false,
  options: null,
  ...fields,
});

describe('a schema entry as a form field', () => {
  test('each type gets its input; an enum its options; a new feature starts from the default', () => {
    const kinds = (['string', 'url', 'number', 'integer', 'enum', 'boolean', 'date'] as const).map(
      (type) =>
        attributeFieldSpec(entry({ name: type, type, options: type === 'enum' ? ['a', 'b'] : null })).kind,
    );
    expect(kinds).toEqual(['text', 'url', 'number', 'number', 'select', 'yes-no', 'date']);
    const status = attributeFieldSpec(
      entry({ name: 'status', type: 'enum', options: ['in_service', 'abandoned'], default: 'in_service' }),
    );
    expect(status.options).toEqual(['in_service', 'abandoned']);
    expect(status.initial).toBe('in_service');
    expect(attributeFieldSpec(entry({ name: 'd', type: 'integer', default: 110 })).initial).toBe('110');
    expect(attributeFieldSpec(entry({ name: 'n', type: 'string' })).initial).toBe('');
  });

  test('bounds belong to numbers and a pattern to text; elsewhere they are ignored', () => {
    const text = attributeFieldSpec(
      entry({ name: 'code', type: 'string', min: 1, max: 2, pattern: '[A-Z]{2}' }),
    );
    expect([text.min, text.max, text.pattern?.source]).toEqual([null, null, '[A-Z]{2}']);
    const number = attributeFieldSpec(entry({ name: 'd', type: 'number', min: 20, max: 1000, pattern: 'x' }));
    expect([number.min, number.max, number.pattern]).toEqual([20, 1000, null]);
    expect(attributeHint(number)).toEqual({ key: 'between', values: { min: 20, max: 1000 } });
    // A pattern that is no regular expression checks nothing rather than breaking the form.
    expect(attributeFieldSpec(entry({ name: 'c', type: 'string', pattern: '([' })).pattern).toBeNull();
  });

  test('values are checked as the server will: required, numbers, integers, bounds, pattern, choices', () => {
    const required = attributeFieldSpec(entry({ name: 'name', type: 'string', required: true }));
    expect(attributeProblem(required, '  ')).toEqual({ key: 'required' });
    expect(attributeProblem(required, 'Main')).toBeNull();
    const diameter = attributeFieldSpec(entry({ name: 'd', type: 'integer', min: 20, max: 1000 }));
    expect(
      ['', 'abc', '12.5', '10', '2000', '110'].map((text) => attributeProblem(diameter, text)?.key ?? null),
    ).toEqual([null, 'number', 'integer', 'min', 'max', null]);
    const code = attributeFieldSpec(entry({ name: 'code', type: 'string', pattern: '[A-Z]{2}-[0-9]{3}' }));
    expect(attributeProblem(code, 'AB-123')).toBeNull();
    // Whole value only: a match inside the text is not enough.
    expect(attributeProblem(code, 'xAB-123')).toEqual({ key: 'pattern' });
    const kind = attributeFieldSpec(entry({ name: 'k', type: 'enum', options: ['gate'] }));
    expect(attributeProblem(kind, 'valve')).toEqual({ key: 'choice' });
    expect(attributeProblem(attributeFieldSpec(entry({ name: 'u', type: 'url' })), 'ftp://x')).toEqual({
      key: 'url',
    });
  });

  test('patterns run on the engine the server uses: nested repeats answer at once, look-arounds check nothing', () => {
    // A backtracking engine doubles its time with each added character on this value.
    const hostile = `${'a'.repeat(40)}!`;
    const nested = attributeFieldSpec(entry({ name: 'c', type: 'string', pattern: '(a+)+' }));
    expect(attributeProblem(nested, hostile)).toEqual({ key: 'pattern' });
    expect(attributeProblem(nested, 'aaaa')).toBeNull();
    const words = attributeFieldSpec(entry({ name: 'w', type: 'string', pattern: '([A-Za-z0-9]+\\s?)*' }));
    expect(attributeProblem(words, hostile)).toEqual({ key: 'pattern' });
    // The server refuses such a pattern; one stored before then is not the form's to enforce.
    const lookAround = attributeFieldSpec(entry({ name: 'a', type: 'string', pattern: '(?=A)\\w+' }));
    expect([lookAround.pattern, attributeProblem(lookAround, 'anything')]).toEqual([null, null]);
  });

  test('dates and web addresses are held to the server’s forms, not only their look', () => {
    const date = attributeFieldSpec(entry({ name: 'd', type: 'date' }));
    expect(
      ['2024-02-29', '2024-13-45', '2024-02-29T10:00:00Z'].map((text) => attributeProblem(date, text)),
    ).toEqual([null, { key: 'date' }, null]);
    const url = attributeFieldSpec(entry({ name: 'u', type: 'url' }));
    expect(
      ['https://example.org/a', 'http://', 'https://exa mple.org'].map((text) => attributeProblem(url, text)),
    ).toEqual([null, { key: 'url' }, { key: 'url' }]);
  });

  test('texts become the values sent; an empty text clears', () => {
    expect(fromText(attributeFieldSpec(entry({ name: 'd', type: 'number' })), '1.5')).toBe(1.5);
    expect(fromText(attributeFieldSpec(entry({ name: 'b', type: 'boolean' })), 'false')).toBe(false);
    expect(fromText(attributeFieldSpec(entry({ name: 's', type: 'string' })), '')).toBeNull();
  });

  test("the server's 422 fields are read back to the property they name", () => {
    expect(
      errorsByProperty({
        'properties.diameter_mm': ['too small'],
        'features.0.properties.name': ['required'],
        geometry: ['bad ring'],
      }),
    ).toEqual({ diameter_mm: ['too small'], name: ['required'], geometry: ['bad ring'] });
  });
});
