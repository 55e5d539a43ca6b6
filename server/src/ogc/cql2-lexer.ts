/**
 * Tokens of CQL2 text (OGC 21-065). Every token keeps its 1-based position in the filter,
 * so a 400 can say where the filter went wrong.
 */
export type TokenKind = 'identifier' | 'string' | 'number' | 'operator' | 'punctuation' | 'end';

export interface Token {
  kind: TokenKind;
  /** Identifiers as written (keywords are identifiers compared case-insensitively); strings unquoted. */
  text: string;
  position: number;
  /** A "double-quoted" property name: never read as a keyword. */
  quoted?: boolean;
}

export class FilterError extends Error {
  constructor(
    readonly key: 'syntax' | 'unknown_property' | 'type' | 'too_complex',
    readonly position: number,
    readonly params: Record<string, string> = {},
  ) {
    super(`${key} at ${position}`);
  }
}

/** A filter of more tokens than this is refused before parsing (the parser's work stays bounded). */
export const MAX_TOKENS = 5000;

const NUMBER = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?/;
const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_.:]*/;
/** `-` alone (not a number's sign): the minus QGIS writes before a parenthesised number, `( - (5))`. */
const OPERATORS = ['<>', '<=', '>=', '=', '<', '>', '-'];

export function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  let at = 0;
  while (at < text.length) {
    if (tokens.length > MAX_TOKENS) throw new FilterError('too_complex', at + 1);
    const char = text[at] ?? '';
    if (/\s/.test(char)) {
      at += 1;
      continue;
    }
    const position = at + 1;
    const rest = text.slice(at);
    if (char === "'") {
      // '' inside a string is one quote (CQL2 and SQL alike).
      let value = '';
      let end = at + 1;
      for (;;) {
        if (end >= text.length) throw new FilterError('syntax', position, { expected: "'", found: 'end' });
        if (text[end] === "'") {
          if (text[end + 1] === "'") {
            value += "'";
            end += 2;
            continue;
          }
          break;
        }
        value += text[end];
        end += 1;
      }
      tokens.push({ kind: 'string', text: value, position });
      at = end + 1;
      continue;
    }
    if (char === '"') {
      const end = text.indexOf('"', at + 1);
      if (end < 0) throw new FilterError('syntax', position, { expected: '"', found: 'end' });
      tokens.push({ kind: 'identifier', text: text.slice(at + 1, end), position, quoted: true });
      at = end + 1;
      continue;
    }
    const number = NUMBER.exec(rest);
    // Basic CQL2 has no arithmetic, so a sign written against a number belongs to it.
    if (number) {
      tokens.push({ kind: 'number', text: number[0], position });
      at += number[0].length;
      continue;
    }
    const identifier = IDENTIFIER.exec(rest);
    if (identifier) {
      tokens.push({ kind: 'identifier', text: identifier[0], position });
      at += identifier[0].length;
      continue;
    }
    const operator = OPERATORS.find((candidate) => rest.startsWith(candidate));
    if (operator) {
      tokens.push({ kind: 'operator', text: operator, position });
      at += operator.length;
      continue;
    }
    if (char === '(' || char === ')' || char === ',') {
      tokens.push({ kind: 'punctuation', text: char, position });
      at += 1;
      continue;
    }
    throw new FilterError('syntax', position, { expected: 'a token', found: char });
  }
  tokens.push({ kind: 'end', text: '', position: text.length + 1 });
  return tokens;
}
