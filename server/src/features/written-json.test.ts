import { describe, expect, it } from 'vitest';
import { writtenJson } from './written-json.ts';

function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

const reparsed = (text: string) => JSON.stringify(JSON.parse(text));

/**
 * Random JSON text (no key twice in an object) written the database's way (a space after `:` and `,`) or other ways:
 * numbers as written by hand, keys of digits, strings with escapes written every way JSON allows.
 */
function randomJson(next: () => number, depth = 0): string {
  const pick = <T>(options: readonly T[]): T => options[Math.floor(next() * options.length)] as T;
  const spaces = () => pick(['', ' ', ' ', '\n  ', '\t']);
  const string = () => {
    const parts = Array.from({ length: Math.floor(next() * 6) }, () =>
      pick([
        'a',
        'Lisboa',
        'ção',
        '😀',
        // Lone halves of a pair, as characters (JSON.stringify escapes them).
        '\ud83d',
        '\ude00',
        '7',
        '\\"',
        '\\\\',
        '\\n',
        '\\t',
        '\\b',
        '\\/',
        '\\u0001',
        '\\u001f',
        '\\u000a',
        '\\u0041',
        '\\u00e9',
        '\\u00E9',
        '\\ud83d\\ude00',
        '\\ud800',
        '\\udc00',
        ' ',
        ': ',
        ', ',
        '1.50',
      ]),
    );
    return `"${parts.join('')}"`;
  };
  const number = () =>
    pick([
      '0',
      '-0',
      '7',
      '-12',
      '1.5',
      '1.50',
      '100',
      '1e3',
      '1E-7',
      '0.0000001',
      '0.000001',
      '-8.123456789',
      '38.98765',
      '12345678901234567890',
      '123456789012345',
      '0.1',
      '0.5',
      '-0.5',
      '0.0000012',
      '100.25',
      '-123.000000001',
      '1234567890.12345',
      '1234567890.123456',
      '9007199254740993',
      '0.30000000000000004',
      '1000000000000000000000',
    ]);
  const kind = depth > 2 ? pick(['s', 'n', 'l']) : pick(['s', 'n', 'l', 'o', 'a', 'o']);
  if (kind === 's') return string();
  if (kind === 'n') return number();
  if (kind === 'l') return pick(['true', 'false', 'null']);
  if (kind === 'a')
    return `[${Array.from({ length: Math.floor(next() * 4) }, () => randomJson(next, depth + 1)).join(`,${spaces()}`)}]`;
  // No key twice in one object: the database keeps one of each.
  const keys = Array.from({ length: Math.floor(next() * 5) }, () =>
    pick(['"name"', '"kind"', '"10"', '"2"', '"01"', '""', '"a b"', '"x:y"', '"__proto__"', string()]),
  ).filter((key, at, all) => all.findIndex((other) => JSON.parse(other) === JSON.parse(key)) === at);
  return `{${spaces()}${keys.map((key) => `${key}${spaces()}:${spaces()}${randomJson(next, depth + 1)}`).join(`,${spaces()}`)}${spaces()}}`;
}

describe('JSON text written as JSON.stringify writes its value', () => {
  it('is what parsing and writing it again gives, for any JSON text', () => {
    const next = random(11);
    let plain = 0;
    for (let i = 0; i < 20_000; i += 1) {
      const text = randomJson(next);
      const written = writtenJson(text);
      expect(written, text).toBe(reparsed(text));
      if (text.includes(' ') && !written.includes(' ')) plain += 1;
    }
    // Not every text took the long way.
    expect(plain).toBeGreaterThan(1_000);
  });

  it("drops the database's spaces and keeps strings as they are", () => {
    expect(writtenJson('{"kind": "valve", "name": "a, b: c", "tags": [1, 2.5, null, true]}')).toBe(
      '{"kind":"valve","name":"a, b: c","tags":[1,2.5,null,true]}',
    );
    expect(writtenJson('{"type":"Point","coordinates":[-8.123456789,38.1]}')).toBe(
      '{"type":"Point","coordinates":[-8.123456789,38.1]}',
    );
    expect(writtenJson('{"note": "say \\"hi\\"\\n\\u001f😀"}')).toBe('{"note":"say \\"hi\\"\\n\\u001f😀"}');
  });

  it('writes numbers and keys of digits as JavaScript does', () => {
    expect(writtenJson('{"a": 1.50, "b": 0.0000001, "c": 12345678901234567890}')).toBe(
      '{"a":1.5,"b":1e-7,"c":12345678901234567000}',
    );
    expect(writtenJson('{"b": 1, "10": 2, "2": 3}')).toBe('{"2":3,"10":2,"b":1}');
    expect(writtenJson('{"code": "10"}')).toBe('{"code":"10"}');
  });

  it('refuses a raw control character in a string, as parsing it does', () => {
    expect(() => writtenJson('{"a": "\u0001"}')).toThrow(SyntaxError);
  });
});
