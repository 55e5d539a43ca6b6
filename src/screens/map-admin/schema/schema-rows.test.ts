import { describe, expect, test } from 'vitest';
import { schemaInput, schemaRows } from './schema-rows';

describe('schema rows and the wire', () => {
  test('an entry saved from the editor keeps its bounds, pattern and default (PUT replaces the entry)', () => {
    const [diameter, code, open] = schemaRows([
      {
        name: 'diameter_mm',
        label: 'Diameter',
        type: 'integer',
        required: true,
        options: null,
        min: 20,
        max: 1200,
        default: 110,
      },
      { name: 'code', label: 'Code', type: 'string', required: false, options: null, pattern: '[A-Z]{2}' },
      { name: 'is_open', label: 'Open', type: 'boolean', required: true, options: null, default: true },
    ]);
    if (!diameter || !code || !open) throw new Error('rows missing');
    expect(schemaInput(diameter)).toEqual({
      name: 'diameter_mm',
      label: 'Diameter',
      type: 'integer',
      required: true,
      min: 20,
      max: 1200,
      default: 110,
    });
    expect(schemaInput(code)).toMatchObject({ pattern: '[A-Z]{2}' });
    expect(schemaInput(open)).toMatchObject({ default: true });
    // Emptied in the editor: not sent, so the server drops it.
    expect(schemaInput({ ...diameter, min: '', defaultValue: '' })).not.toHaveProperty('min');
    expect(schemaInput({ ...diameter, min: '', defaultValue: '' })).not.toHaveProperty('default');
  });
});
