/** Text a careless or hostile caller sends: NUL, lone surrogates, SQL, markup, RTL, huge. */
export const HOSTILE_TEXT = [
  '',
  ' ',
  'a\u0000b',
  '\ud800',
  "'; DROP TABLE users; --",
  '<script>alert(1)</script>',
  '\u202etxt.exe',
  '%s%n%x',
  '../../etc/passwd',
  '🗺️'.repeat(300),
  'x'.repeat(70_000),
  '1e309',
  'NaN',
  '__proto__',
  'constructor',
];

export const HOSTILE_NUMBERS = [-1, 0, 0.5, -0.5, 1e308, -1e308, 2 ** 31, 2 ** 53 + 1, 1e-320];

/** `[[[…]]]` or `{"a":{"a":…}}`, the shape that overflows recursive readers. */
export function deepNesting(depth: number, arrays: boolean): unknown {
  let value: unknown = 1;
  for (let i = 0; i < depth; i += 1) value = arrays ? [value] : { a: value };
  return value;
}
