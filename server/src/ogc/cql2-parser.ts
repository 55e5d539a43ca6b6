import type { SqlParams } from '../features/feature-filters.ts';
import { FilterError, tokenize, type Token } from './cql2-lexer.ts';
import { geometryLiteral } from './cql2-geometry.ts';

/** How a queryable is compared: its layer property's type, or the feature geometry. */
export type QueryableKind = 'text' | 'number' | 'boolean' | 'geometry';

/** Nesting deeper than this (parentheses, NOT) is refused: the recursion stays bounded. */
const MAX_DEPTH = 64;
const COMPARISONS = new Set(['=', '<>', '<', '<=', '>', '>=']);
const KEYWORDS = new Set([
  'AND',
  'OR',
  'NOT',
  'LIKE',
  'ILIKE',
  'IN',
  'BETWEEN',
  'IS',
  'NULL',
  'TRUE',
  'FALSE',
]);
const CAST: Record<Exclude<QueryableKind, 'geometry'>, string> = {
  text: 'text',
  number: 'numeric',
  boolean: 'boolean',
};

/**
 * Basic CQL2 text plus S_INTERSECTS, parsed by recursive descent straight into a WHERE
 * clause over `features ft`. Property names and values reach PostgreSQL only as parameters
 * (`params`); the SQL text is made of fixed fragments. Throws FilterError with the position.
 */
export function cql2ToSql(
  filter: string,
  queryables: ReadonlyMap<string, QueryableKind>,
  params: SqlParams,
): string {
  return new Cql2Parser(tokenize(filter), queryables, params).parse();
}

class Cql2Parser {
  private index = 0;
  private depth = 0;

  constructor(
    private readonly tokens: Token[],
    private readonly queryables: ReadonlyMap<string, QueryableKind>,
    private readonly params: SqlParams,
  ) {}

  parse(): string {
    const sql = this.or();
    this.expectEnd();
    return sql;
  }

  private peek(): Token {
    return this.tokens[this.index] ?? this.tokens[this.tokens.length - 1]!;
  }

  private advance(): Token {
    const token = this.peek();
    if (token.kind !== 'end') this.index += 1;
    return token;
  }

  private isKeyword(word: string, token = this.peek()): boolean {
    return token.kind === 'identifier' && !token.quoted && token.text.toUpperCase() === word;
  }

  private acceptKeyword(word: string): boolean {
    if (!this.isKeyword(word)) return false;
    this.advance();
    return true;
  }

  private fail(expected: string, token = this.peek()): never {
    throw new FilterError('syntax', token.position, {
      expected,
      found: token.kind === 'end' ? 'end' : token.kind === 'string' ? `'${token.text}'` : token.text,
    });
  }

  private expectKeyword(word: string): void {
    if (!this.acceptKeyword(word)) this.fail(word);
  }

  private expectPunctuation(char: string): void {
    const token = this.peek();
    if (token.kind !== 'punctuation' || token.text !== char) this.fail(char);
    this.advance();
  }

  private expectEnd(): void {
    if (this.peek().kind !== 'end') this.fail('AND, OR or end');
  }

  private nested<T>(read: () => T): T {
    this.depth += 1;
    if (this.depth > MAX_DEPTH) throw new FilterError('too_complex', this.peek().position);
    try {
      return read();
    } finally {
      this.depth -= 1;
    }
  }

  private or(): string {
    let sql = this.and();
    while (this.acceptKeyword('OR')) sql = `(${sql} OR ${this.and()})`;
    return sql;
  }

  private and(): string {
    let sql = this.not();
    while (this.acceptKeyword('AND')) sql = `(${sql} AND ${this.not()})`;
    return sql;
  }

  private not(): string {
    if (this.acceptKeyword('NOT')) return this.nested(() => `(NOT ${this.not()})`);
    return this.primary();
  }

  private primary(): string {
    const token = this.peek();
    if (token.kind === 'punctuation' && token.text === '(') {
      this.advance();
      const sql = this.nested(() => this.or());
      this.expectPunctuation(')');
      return sql;
    }
    if (this.isKeyword('S_INTERSECTS')) return this.intersects();
    return this.predicate();
  }

  private intersects(): string {
    this.advance();
    this.expectPunctuation('(');
    const first = this.spatialArgument();
    this.expectPunctuation(',');
    const second = this.spatialArgument();
    this.expectPunctuation(')');
    const literal = first === 'geometry' ? second : first;
    if (first === 'geometry' && second === 'geometry') return 'TRUE';
    if (literal === 'geometry') return `(ft.geom IS NOT NULL)`;
    return `ST_Intersects(ft.geom, ${literal})`;
  }

  /** `'geometry'` for the feature geometry's property, else the SQL of a geometry literal. */
  private spatialArgument(): string {
    const token = this.peek();
    if (token.kind === 'identifier' && (token.quoted || this.queryables.get(token.text) === 'geometry')) {
      this.property('geometry');
      return 'geometry';
    }
    if (token.kind !== 'identifier') this.fail('a geometry');
    this.advance();
    const literal = geometryLiteral(token, () => this.numberList());
    if (literal.kind === 'bbox') {
      const [a, b, c, d] = literal.values.map((value) => this.params.add(value));
      return `ST_MakeEnvelope(${a}::float8, ${b}::float8, ${c}::float8, ${d}::float8, 4326)`;
    }
    return `ST_SetSRID(ST_GeomFromGeoJSON(${this.params.add(JSON.stringify(literal.geojson))}::text), 4326)`;
  }

  /** The numbers of a geometry literal's parentheses, nested as written: `((1 2, 3 4))`. */
  private numberList(): unknown {
    const open = this.peek();
    if (open.kind !== 'punctuation' || open.text !== '(') this.fail('(');
    this.advance();
    return this.nested(() => {
      const parts: unknown[] = [];
      let position: number[] = [];
      for (;;) {
        const token = this.peek();
        if (token.kind === 'punctuation' && token.text === '(') {
          parts.push(this.numberList());
        } else if (token.kind === 'number') {
          position.push(Number(this.advance().text));
          continue;
        } else if (!(token.kind === 'punctuation' && (token.text === ',' || token.text === ')'))) {
          this.fail('a number');
        }
        const separator = this.peek();
        if (position.length > 0) {
          parts.push(position);
          position = [];
        }
        if (separator.kind === 'punctuation' && separator.text === ',') {
          this.advance();
          continue;
        }
        this.expectPunctuation(')');
        return parts;
      }
    });
  }

  /** A queryable's name; unknown names are refused where they stand. */
  private property(want?: 'geometry'): { name: string; kind: QueryableKind; key: string; token: Token } {
    const token = this.peek();
    if (token.kind !== 'identifier' || (!token.quoted && KEYWORDS.has(token.text.toUpperCase())))
      this.fail('a property name');
    this.advance();
    const kind = this.queryables.get(token.text);
    if (!kind || (want === 'geometry') !== (kind === 'geometry'))
      throw new FilterError('unknown_property', token.position, { name: token.text });
    // The geometry is a column, not a property: its name is never a parameter (an unused one
    // would leave PostgreSQL unable to type it).
    const key = kind === 'geometry' ? '' : `${this.params.add(token.text)}::text`;
    return { name: token.text, kind, key, token };
  }

  private predicate(): string {
    const property = this.property();
    if (property.kind === 'geometry') this.fail('a property name', property.token);
    const kind = property.kind;
    const json = `ft.properties -> ${property.key}`;
    const value =
      kind === 'text'
        ? `(ft.properties ->> ${property.key})`
        : `(CASE WHEN jsonb_typeof(${json}) = '${kind}' THEN (ft.properties ->> ${property.key})::${CAST[kind]} END)`;
    // A boolean property standing alone is the predicate "it is true" (read as `= TRUE`, so a
    // feature without the value matches neither it nor its NOT). QGIS writes its expression
    // `NOT "is_open"` as `(NOT ("is_open"))`.
    if (kind === 'boolean' && this.endsPredicate()) return `(${value} = TRUE)`;
    const token = this.peek();
    if (token.kind === 'operator' && COMPARISONS.has(token.text)) {
      this.advance();
      return `${value} ${token.text} ${this.literal(property.name, kind)}`;
    }
    if (this.acceptKeyword('IS')) {
      const negated = this.acceptKeyword('NOT');
      this.expectKeyword('NULL');
      return `(coalesce(jsonb_typeof(${json}), 'null') ${negated ? '<>' : '='} 'null')`;
    }
    const negated = this.acceptKeyword('NOT');
    const wrap = (sql: string) => (negated ? `(NOT ${sql})` : sql);
    if (this.isKeyword('LIKE') || this.isKeyword('ILIKE')) {
      const operator = this.advance().text.toUpperCase();
      return wrap(`((ft.properties ->> ${property.key}) ${operator} ${this.literal(property.name, 'text')})`);
    }
    if (this.acceptKeyword('IN')) {
      this.expectPunctuation('(');
      const values: unknown[] = [this.value(property.name, kind)];
      while (this.peek().kind === 'punctuation' && this.peek().text === ',') {
        this.advance();
        values.push(this.value(property.name, kind));
      }
      this.expectPunctuation(')');
      return wrap(`(${value} = ANY(${this.params.add(values)}::${CAST[kind]}[]))`);
    }
    if (this.acceptKeyword('BETWEEN')) {
      const low = this.literal(property.name, kind);
      this.expectKeyword('AND');
      const high = this.literal(property.name, kind);
      return wrap(`(${value} BETWEEN ${low} AND ${high})`);
    }
    return this.fail(negated ? 'LIKE, IN or BETWEEN' : 'a comparison, LIKE, IN, BETWEEN or IS');
  }

  /** Whether the next token ends a predicate: AND, OR, a closing parenthesis or the end. */
  private endsPredicate(): boolean {
    const token = this.peek();
    if (token.kind === 'end' || (token.kind === 'punctuation' && token.text === ')')) return true;
    return this.isKeyword('AND') || this.isKeyword('OR');
  }

  private literal(name: string, kind: Exclude<QueryableKind, 'geometry'>): string {
    return `${this.params.add(this.value(name, kind))}::${CAST[kind]}`;
  }

  /**
   * A number literal, also in parentheses and after a minus: QGIS writes `-5` as `( - (5))`.
   * Only a number may follow the minus, so this is no arithmetic.
   */
  private number(wrong: () => never): number {
    const token = this.peek();
    if (token.kind === 'punctuation' && token.text === '(') {
      this.advance();
      const number = this.nested(() => this.number(wrong));
      this.expectPunctuation(')');
      return number;
    }
    if (token.kind === 'operator' && token.text === '-') {
      this.advance();
      return -this.nested(() => this.number(wrong));
    }
    if (token.kind !== 'number') return token.kind === 'end' ? this.fail('a number') : wrong();
    const number = Number(this.advance().text);
    return Number.isFinite(number) ? number : wrong();
  }

  /** One literal of the property's type; DATE('…') and TIMESTAMP('…') are text. */
  private value(name: string, kind: Exclude<QueryableKind, 'geometry'>): string | number | boolean {
    const token = this.peek();
    const wrong = (): never => {
      throw new FilterError('type', token.position, { name, type: kind });
    };
    if (kind === 'number') return this.number(wrong);
    if (kind === 'boolean') {
      if (this.isKeyword('TRUE') || this.isKeyword('FALSE'))
        return this.advance().text.toUpperCase() === 'TRUE';
      return token.kind === 'end' ? this.fail('TRUE or FALSE') : wrong();
    }
    if (token.kind === 'string') return this.advance().text;
    if (this.isKeyword('DATE') || this.isKeyword('TIMESTAMP')) {
      this.advance();
      this.expectPunctuation('(');
      const inner = this.peek();
      if (inner.kind !== 'string') this.fail("'…'");
      this.advance();
      this.expectPunctuation(')');
      return inner.text;
    }
    return token.kind === 'end' ? this.fail("'…'") : wrong();
  }
}
