const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COLON = 0x3a;
const ZERO = 0x30;
const NINE = 0x39;

const isSpace = (code: number) => code === 0x20 || code === 0x0a || code === 0x0d || code === 0x09;
const isNumberPart = (code: number) =>
  (code >= ZERO && code <= NINE) ||
  code === 0x2d ||
  code === 0x2b ||
  code === 0x2e ||
  code === 0x65 ||
  code === 0x45;
/** Characters JSON.stringify writes as `\b`, `\t`, `\n`, `\f`, `\r` rather than `\u00XX`. */
const NAMED = new Set([0x08, 0x09, 0x0a, 0x0c, 0x0d]);

const reparsed = (text: string) => JSON.stringify(JSON.parse(text));

/**
 * Where the string opening at `at` ends (its closing quote), or -1 when JSON.stringify might
 * write it otherwise: an escape other than the ones it writes (`\/`, `\u0041`, upper-case hex),
 * a raw control character or a lone surrogate. `digits`: it holds digits only.
 */
function stringEnd(text: string, at: number): { end: number; digits: boolean } {
  let digits = true;
  for (let i = at + 1; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    if (code === QUOTE) return { end: i, digits };
    if (code < ZERO || code > NINE) digits = false;
    if (code === BACKSLASH) {
      if ('"\\bfnrt'.includes(text.charAt(i + 1))) i += 1;
      else if (text.startsWith('\\u00', i) && /^[01][0-9a-f]$/.test(text.slice(i + 4, i + 6))) {
        // JSON.stringify writes a control character as \u00XX, except the five it names.
        if (NAMED.has(Number.parseInt(text.slice(i + 4, i + 6), 16))) return { end: -1, digits };
        i += 5;
      } else return { end: -1, digits };
    } else if (code < 0x20) return { end: -1, digits };
    else if (code >= 0xd800 && code <= 0xdfff) {
      const low = text.charCodeAt(i + 1);
      if (code > 0xdbff || !(low >= 0xdc00 && low <= 0xdfff)) return { end: -1, digits };
      i += 1;
    }
  }
  return { end: -1, digits };
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
      const { end, digits } = stringEnd(text, at);
      if (end < 0) return reparsed(text);
      at = end;
      if (digits) {
        let next = end + 1;
        while (isSpace(text.charCodeAt(next))) next += 1;
        if (text.charCodeAt(next) === COLON) return reparsed(text);
      }
    } else if (isSpace(code)) {
      out += text.slice(from, at);
      from = at + 1;
    } else if (code === 0x2d || (code >= ZERO && code <= NINE)) {
      let end = at + 1;
      while (end < text.length && isNumberPart(text.charCodeAt(end))) end += 1;
      const number = text.slice(at, end);
      if (String(Number(number)) !== number) return reparsed(text);
      at = end - 1;
    }
  }
  return from === 0 ? text : out + text.slice(from);
}
