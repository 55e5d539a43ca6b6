import type { JsonSchema, OpenApiDocument } from '../../src/openapi/document.ts';
import { deepNesting, HOSTILE_NUMBERS, HOSTILE_TEXT } from './hostile-values.ts';
import { PATTERNS } from './patterns.ts';
import type { Rng } from './random.ts';

/**
 * Values made from the document's JSON Schemas: `valid` follows the schema (types, bounds,
 * enums, required, the document's few patterns and formats); `invalid` breaks it in one place
 * (a wrong type, a bound, a missing or unknown field, hostile text or nesting).
 */
export interface Hints {
  /** A value naming something real for this key (a fixture's id, a layer's property name). */
  forKey(key: string, schema: JsonSchema, rng: Rng): { value: unknown } | undefined;
  /** Ties fields together after an object is made (a password and its confirmation). */
  fixObject?(value: Record<string, unknown>, rng: Rng): void;
}

type Schema = JsonSchema & {
  $ref?: string;
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  oneOf?: JsonSchema[];
  anyOf?: JsonSchema[];
  allOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  minProperties?: number;
  maxProperties?: number;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  uniqueItems?: boolean;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  examples?: unknown[];
};

export class SchemaValues {
  constructor(
    private readonly document: OpenApiDocument,
    private readonly hints: Hints,
  ) {}

  /** The schema with `$ref`s followed and merged with their siblings (`description`, `default`). */
  resolve(schema: JsonSchema): Schema {
    let current = schema as Schema;
    for (let hops = 0; current.$ref !== undefined && hops < 20; hops += 1) {
      const { $ref, ...siblings } = current;
      const target = $ref
        .slice(2)
        .split('/')
        .reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], this.document) as Schema;
      current = { ...target, ...siblings };
    }
    if (current.allOf) {
      const { allOf, ...rest } = current;
      return allOf
        .map((part) => this.resolve(part))
        .reduce<Schema>(
          (merged, part) => ({
            ...merged,
            ...part,
            properties: { ...merged.properties, ...part.properties },
            required: [...(merged.required ?? []), ...(part.required ?? [])],
          }),
          rest,
        );
    }
    return current;
  }

  valid(schema: JsonSchema, rng: Rng, key = '', depth = 0): unknown {
    const s = this.resolve(schema);
    const hinted = key === '' ? undefined : this.hints.forKey(key, s, rng);
    if (hinted) return hinted.value;
    if ('const' in s) return s.const;
    if (s.enum) return rng.pick(s.enum);
    const branches = s.oneOf ?? s.anyOf;
    if (branches) return this.valid(rng.pick(branches), rng, key, depth + 1);
    // The document's examples of plain values (those of objects and lists name rows that do not exist here).
    if (s.examples && s.examples.length > 0 && !s.properties && !s.items && rng.chance(0.25))
      return structuredClone(rng.pick(s.examples));
    switch (this.typeOf(s, rng)) {
      case 'null':
        return null;
      case 'boolean':
        return rng.chance(0.5);
      case 'integer':
        return this.integer(s, rng);
      case 'number':
        return this.number(s, rng);
      case 'string':
        return this.string(s, rng);
      case 'array':
        return this.array(s, rng, key, depth);
      case 'object':
        return this.object(s, rng, depth);
      default:
        return rng.pick(['text', 1, true, null]);
    }
  }

  /** A value that breaks the schema in one place, somewhere inside (or at) this level. */
  invalid(schema: JsonSchema, rng: Rng, key = '', depth = 0): unknown {
    const s = this.resolve(schema);
    const type = this.typeOf(s, rng);
    if (type === 'object' && s.properties && depth < 6 && rng.chance(0.6)) {
      const value = this.object(s, rng, depth) as Record<string, unknown>;
      const name = rng.pick(Object.keys(s.properties));
      value[name] = this.invalid(s.properties[name] as JsonSchema, rng, name, depth + 1);
      return value;
    }
    if (type === 'array' && s.items && depth < 6 && rng.chance(0.5)) {
      const value = this.array(s, rng, key, depth) as unknown[];
      const bad = this.invalid(s.items, rng, key, depth + 1);
      if (value.length === 0) value.push(bad);
      else value[rng.int(0, value.length - 1)] = bad;
      return value;
    }
    return this.violation(s, type, rng, key, depth);
  }

  private violation(s: Schema, type: string, rng: Rng, key: string, depth: number): unknown {
    const options: (() => unknown)[] = [
      () => rng.pick<unknown>(['1', 1, 1.5, true, null, [], {}, 'text'].filter((v) => jsonType(v) !== type)),
      () => rng.pick(HOSTILE_TEXT),
      () => deepNesting(rng.pick([64, 500, 2000]), rng.chance(0.5)),
    ];
    if (s.enum) options.push(() => `${String(rng.pick(s.enum ?? ['x']))}_not`);
    if (type === 'integer' || type === 'number') {
      options.push(() => rng.pick(HOSTILE_NUMBERS));
      if (s.minimum !== undefined) options.push(() => (s.minimum as number) - rng.pick([1, 0.5, 1e6]));
      if (s.maximum !== undefined) options.push(() => (s.maximum as number) + rng.pick([1, 0.5, 1e6]));
      if (type === 'integer') options.push(() => this.integer(s, rng) + 0.5);
    }
    if (type === 'string') {
      if (s.maxLength !== undefined)
        options.push(() => 'y'.repeat(Math.min(s.maxLength as number, 20_000) + 1));
      if ((s.minLength ?? 0) > 0) options.push(() => '');
      if (s.pattern || s.format) options.push(() => `not valid ${rng.word(4)}`);
    }
    if (type === 'array') {
      if (s.maxItems !== undefined && s.maxItems <= 10_000)
        options.push(() => Array.from({ length: (s.maxItems as number) + 1 }, () => rng.int(1, 50)));
      if ((s.minItems ?? 0) > 0) options.push(() => []);
    }
    if (type === 'object') {
      const value = () => this.object(s, rng, depth) as Record<string, unknown>;
      if (s.required && s.required.length > 0)
        options.push(() => {
          const object = value();
          delete object[rng.pick(s.required ?? [])];
          return object;
        });
      options.push(() => ({ ...value(), [rng.pick(['unknown_field', 'a\u0000b', '', 'é'.repeat(300)])]: 1 }));
      options.push(() => {
        // A key the server must not treat as an object's own machinery.
        const object = value();
        Object.defineProperty(object, rng.pick(['__proto__', 'constructor', 'prototype']), {
          value: { polluted: true },
          enumerable: true,
        });
        return object;
      });
    }
    void key;
    return rng.pick(options)();
  }

  private typeOf(s: Schema, rng: Rng): string {
    if (Array.isArray(s.type)) {
      const nonNull = s.type.filter((t) => t !== 'null');
      return nonNull.length > 0 && rng.chance(0.85) ? rng.pick(nonNull) : rng.pick(s.type);
    }
    if (s.type !== undefined) return s.type;
    if (s.properties || s.additionalProperties !== undefined) return 'object';
    if (s.items) return 'array';
    return 'unknown';
  }

  private integer(s: Schema, rng: Rng): number {
    const min = Math.ceil(s.minimum ?? (s.exclusiveMinimum !== undefined ? s.exclusiveMinimum + 1 : -1000));
    const max = Math.floor(s.maximum ?? Math.max(min + 1000, 1000));
    if (rng.chance(0.2)) return rng.pick([min, max]);
    return rng.int(min, max);
  }

  private number(s: Schema, rng: Rng): number {
    const min = s.minimum ?? s.exclusiveMinimum ?? -1000;
    const max = s.maximum ?? Math.max(min + 1000, 1000);
    // Whole numbers as often as fractions: some callers only ever send one kind.
    const low = Math.ceil(min + (s.exclusiveMinimum !== undefined ? 1e-9 : 0));
    if (rng.chance(0.3) && low <= Math.floor(max)) return rng.int(low, Math.floor(max));
    const value = min + rng.next() * (max - min);
    return value === min && s.exclusiveMinimum !== undefined
      ? (min + max) / 2
      : Math.round(value * 1e6) / 1e6;
  }

  private string(s: Schema, rng: Rng): string {
    if (s.pattern !== undefined) {
      const make = PATTERNS[s.pattern];
      if (!make) throw new Error(`fuzz: no generator for the pattern ${s.pattern}; add one to PATTERNS`);
      return make(rng);
    }
    switch (s.format) {
      case 'email':
        return `fuzz.${rng.word(6)}@example.com`;
      case 'date-time':
        return new Date(Date.UTC(2020, 0, 1) + rng.int(0, 1e9) * 1000).toISOString();
      case 'date':
        return new Date(Date.UTC(2020, 0, 1) + rng.int(0, 3000) * 86_400_000).toISOString().slice(0, 10);
      case 'uuid':
        return rng.uuid();
      case 'uri':
        return `https://example.com/${rng.word(5)}`;
      default:
        break;
    }
    const min = s.minLength ?? 0;
    const max = Math.min(s.maxLength ?? 40, min + 40);
    const length = rng.int(Math.max(min, 1), Math.max(max, 1));
    if (rng.chance(0.2)) {
      // Valid but unusual text: accents, CJK, quotes, spaces.
      return Array.from({ length }, () => rng.pick(['é', '水', "'", '"', ' ', 'a', '%', '\\', 'ß'])).join('');
    }
    return rng.word(length);
  }

  private array(s: Schema, rng: Rng, key: string, depth: number): unknown[] {
    const min = s.minItems ?? 0;
    const max = Math.min(s.maxItems ?? min + 3, min + 3);
    const length = depth > 8 ? min : rng.int(min, max);
    const items: unknown[] = [];
    for (let attempt = 0; items.length < length && attempt < length * 4; attempt += 1) {
      const item = s.items ? this.valid(s.items, rng, singular(key), depth + 1) : rng.word(3);
      if (s.uniqueItems && items.some((other) => JSON.stringify(other) === JSON.stringify(item))) continue;
      items.push(item);
    }
    return items;
  }

  private object(s: Schema, rng: Rng, depth: number): Record<string, unknown> {
    const value: Record<string, unknown> = {};
    const required = new Set(s.required ?? []);
    for (const [name, property] of Object.entries(s.properties ?? {})) {
      if (required.has(name) || (depth < 8 && rng.chance(0.4)))
        value[name] = this.valid(property, rng, name, depth + 1);
    }
    const extra = s.additionalProperties;
    if (typeof extra === 'object' && depth < 8) {
      const count = rng.int(s.minProperties ?? 0, Math.min(s.maxProperties ?? 3, (s.minProperties ?? 0) + 3));
      for (let i = 0; i < count; i += 1) {
        const name =
          (this.hints.forKey('property', { type: 'string' }, rng)?.value as string | undefined) ??
          rng.word(5);
        value[name] = this.valid(extra, rng, name, depth + 1);
      }
    }
    this.hints.fixObject?.(value, rng);
    return value;
  }
}

/** `feature_ids` items are feature ids: the hint for an array's items goes by the singular. */
function singular(key: string): string {
  return key.endsWith('_ids') ? key.slice(0, -1) : key;
}

function jsonType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}
