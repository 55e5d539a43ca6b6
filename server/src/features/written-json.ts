const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COLON = 0x3a;
const MINUS = 0x2d;
const DOT = 0x2e;
const ZERO = 0x30;
const NINE = 0x39;
/**
 * A decimal of at most this many digits is the one double nearest it, and no shorter decimal
 * is: JavaScript writes it back as it reads (unless it is below 1e-6, where it writes `1e-7`).
 */
const EXACT_DIGITS = 15;

const isSpace = (code: number) => code === 0x20 || code === 0x0a || code === 0x0d || code === 0x09;
const isDigit = (code: number) => code >= ZERO && code <= NINE;
/** Characters JSON.stringify writes as `\b`, `\t`, `\n`, `\f`, `\r` rather than `\u00XX`. */
const NAMED = new Set([0x08, 0x09, 0x0a, 0x0c, 0x0d]);

const reparsed = (text: string) => JSON.stringify(JSON.parse(text));

/**
 * Where the string opening at `at` ends (its closing quote), or -1 when JSON.stringify might
 * write it otherwise: an escape other than the ones it writes (`\/`, `\u0041`, upper-case hex),
 * a raw control character or a lone surrogate.
 */
function stringEnd(text: string, at: number): number {
  for (let i = at + 1; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    if (code === QUOTE) return i;
    if (code === BACKSLASH) {
      if ('"\\bfnrt'.includes(text.charAt(i + 1))) i += 1;
      else if (text.startsWith('\\u00', i) && /^[01][0-9a-f]$/.test(text.slice(i + 4, i + 6))) {
        // JSON.stringify writes a control character as \u00XX, except the five it names.
        if (NAMED.has(Number.parseInt(text.slice(i + 4, i + 6), 16))) return -1;
        i += 5;
      } else return -1;
    } else if (code < 0x20) return -1;
    else if (code >= 0xd800 && code <= 0xdfff) {
      const low = text.charCodeAt(i + 1);
      if (code > 0xdbff || !(low >= 0xdc00 && low <= 0xdfff)) return -1;
      i += 1;
    }
  }
  return -1;
}

/**
 * Where the number opening at `at` ends, or -1 when JavaScript writes it otherwise: `-0`, a
 * fraction ending in 0 (`1.50`), an exponent, a value below 1e-6, or more digits than
 * EXACT_DIGITS that do not read back the same.
 */
function numberEnd(text: string, at: number): number {
  let i = text.charCodeAt(at) === MINUS ? at + 1 : at;
  const whole = i;
  while (isDigit(text.charCodeAt(i))) i += 1;
  let digits = i - whole;
  const zero = digits === 1 && text.charCodeAt(whole) === ZERO;
  if (text.charCodeAt(i) === DOT) {
    const fraction = i + 1;
    i = fraction;
    while (isDigit(text.charCodeAt(i))) i += 1;
    digits += i - fraction;
    if (text.charCodeAt(i - 1) === ZERO) return -1;
    if (zero && text.startsWith('000000', fraction)) return -1;
  } else if (zero && whole > at) return -1;
  const after = text.charCodeAt(i);
  if (after === 0x65 || after === 0x45) return -1;
  if (digits > EXACT_DIGITS) {
    const number = text.slice(at, i);
    return String(Number(number)) === number ? i : -1;
  }
  return i;
}

/**
 * JSON text as JSON.stringify writes its value (what an answer built from parsed objects
 * sends), without parsing it where that is plain: the spaces the database writes after `:`
 * and `,` dropped, strings and literals copied. A number written otherwise (`1.50`, `1e-07`,
 * more digits than a double keeps) or a key of digits only (which JavaScript orders first) is
 * left to JSON.parse and JSON.stringify. The text is JSON with no key twice in one object, as
 * the database writes it (the last of two would be the one kept).
 */
export function writtenJson(text: string): string {
  let out = '';
  let from = 0;
  for (let at = 0; at < text.length; at += 1) {
    const code = text.charCodeAt(at);
    if (code === QUOTE) {
      const end = stringEnd(text, at);
      if (end < 0) return reparsed(text);
      let next = end + 1;
      while (isSpace(text.charCodeAt(next))) next += 1;
      if (text.charCodeAt(next) === COLON) {
        let digits = true;
        for (let i = at + 1; i < end && digits; i += 1) digits = isDigit(text.charCodeAt(i));
        if (digits) return reparsed(text);
      }
      at = end;
    } else if (isSpace(code)) {
      out += text.slice(from, at);
      from = at + 1;
    } else if (code === MINUS || isDigit(code)) {
      const end = numberEnd(text, at);
      if (end < 0) return reparsed(text);
      at = end - 1;
    }
  }
  return from === 0 ? text : out + text.slice(from);
}
