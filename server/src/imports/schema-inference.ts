/** Attribute schema inferred from the values a file holds (docs/decisions.md#imports property types). */
export type InferredType = 'integer' | 'number' | 'boolean' | 'date' | 'string';

export interface InferredProperty {
  /** Source name in the file. */
  source: string;
  /** Name on the layer: lower-case letters, digits, underscores (the document's rule). */
  name: string;
  type: InferredType;
}

const INTEGER = /^-?\d{1,15}$/;
const NUMBER = /^-?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i;
// GDAL's CSV writes dates as 2020/01/05; they are stored as ISO dates.
const DATE = /^\d{4}[-/]\d{2}[-/]\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/;

function typeOfValue(value: unknown): InferredType | null {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value === 'boolean') return 'boolean';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  if (typeof value !== 'string') return 'string';
  const text = value.trim();
  if (INTEGER.test(text)) return 'integer';
  if (NUMBER.test(text)) return 'number';
  if (/^(true|false)$/i.test(text)) return 'boolean';
  if (DATE.test(text) && !Number.isNaN(Date.parse(text))) return 'date';
  return 'string';
}

/** The narrowest type that holds both. */
function widen(a: InferredType | undefined, b: InferredType): InferredType {
  if (a === undefined || a === b) return b;
  if ((a === 'integer' && b === 'number') || (a === 'number' && b === 'integer')) return 'number';
  return 'string';
}

/**
 * Collects types as features go by; `schema()` names the properties in order of first
 * appearance. A property's name depends only on those seen before it, so the schema of the
 * features seen so far names each property as the schema of the whole file does.
 */
export class SchemaInference {
  private readonly types = new Map<string, InferredType | undefined>();
  /** The schema as of the last change, until the next one. */
  private named: InferredProperty[] | undefined;

  see(properties: Record<string, unknown>): void {
    for (const [key, value] of Object.entries(properties)) {
      const type = typeOfValue(value);
      const seen = this.types.has(key);
      const known = this.types.get(key);
      // A new property, or one whose type widens, changes the schema; anything else leaves it.
      if (seen && (type === null || widen(known, type) === known)) continue;
      this.types.set(key, type === null ? undefined : widen(known, type));
      this.named = undefined;
    }
  }

  /** How many properties have been seen. */
  get size(): number {
    return this.types.size;
  }

  schema(): InferredProperty[] {
    this.named ??= this.nameAll();
    return this.named;
  }

  private nameAll(): InferredProperty[] {
    const taken = new Set<string>();
    return [...this.types].map(([source, type]) => {
      let base = source
        .toLowerCase()
        .normalize('NFKD')
        .replace(/[^a-z0-9_]+/g, '_')
        .replace(/^_+|_+$/g, '');
      if (!/^[a-z]/.test(base)) base = `f_${base}`;
      base = base.slice(0, 60);
      let name = base;
      for (let n = 2; taken.has(name); n += 1) name = `${base}_${n}`;
      taken.add(name);
      return { source, name, type: type ?? 'string' };
    });
  }
}

/**
 * Types whose values convertValue writes the same way: a value converted as one reads the same
 * as if converted as the other.
 */
export function sameConversion(a: InferredType, b: InferredType): boolean {
  const numeric = (type: InferredType) => type === 'integer' || type === 'number';
  return a === b || (numeric(a) && numeric(b));
}

/** A value as its inferred type says (empty becomes absent). */
export function convertValue(type: InferredType, value: unknown): unknown {
  if (value === null || value === undefined || value === '') return undefined;
  switch (type) {
    case 'integer':
    case 'number':
      return typeof value === 'number' ? value : Number(String(value).trim());
    case 'boolean':
      return typeof value === 'boolean' ? value : /^true$/i.test(String(value).trim());
    case 'date':
      return String(value)
        .trim()
        .replace(/^(\d{4})\/(\d{2})\/(\d{2})/, '$1-$2-$3');
    default:
      return typeof value === 'object' ? JSON.stringify(value) : String(value as string | number | boolean);
  }
}
