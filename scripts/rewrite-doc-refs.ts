import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { citingFiles } from './doc-refs.ts';

/**
 * Rewrites citations of the old outside documents (`SPEC §7`, `DESIGN §4, §6`, `SPEC §4/§8`,
 * `DESIGN §2-3`) into citations of docs/ sections. Safe to run again: a rewritten line has no
 * `§` citation left. Run from the repository root after merging branches that added new ones:
 *
 *   npx tsx scripts/rewrite-doc-refs.ts && npm run generate
 *
 * (generate, because openapi/ descriptions are rewritten too and generated/ repeats them).
 */

const PRODUCT = 'docs/product.md';
const DECISIONS = 'docs/decisions.md';

/** The product brief's sections, one docs/product.md section each. */
const SPEC_SECTIONS: Record<number, string> = {
  1: 'what-it-does',
  2: 'routes',
  3: 'client-state',
  4: 'flows',
  5: 'validation',
  6: 'roles',
  7: 'calls',
  8: 'errors',
  9: 'constants',
};

/**
 * The design notes' sections were broad; the words on the citing line pick the one decision
 * meant, in the order listed, else the section's group in docs/decisions.md.
 */
const DESIGN_SECTIONS: Record<number, { group: string; rules: [RegExp, string][] }> = {
  1: { group: 'shape', rules: [] },
  2: {
    group: 'api',
    rules: [
      [/conventions/i, 'api'],
      [/pag(e|inat)|\{data, links, meta\}|links keep/i, 'paged-lists'],
      [/prefix/i, 'feature-prefixes'],
      [/geojson|iso 8601|epsg|timestamp|audit fields/i, 'wire-formats'],
      [/error|laravel|wire shapes/i, 'error-shapes'],
      [/cookie|same-origin|xsrf|post\/put/i, 'session-and-xsrf'],
    ],
  },
  3: {
    group: 'accounts',
    rules: [
      [/totp|each code|6 digits/i, 'totp'],
      [/whether or not the account|reset-password|mailed link/i, 'password-reset'],
      [/url or any storage|2fa\?email|in memory/i, 'two-step-sign-in'],
      [/abilit|rules|roles|admin-only|admin.*manage/i, 'abilities'],
    ],
  },
  4: {
    group: 'maps-domain',
    rules: [
      [/^\W*maps\b/i, 'maps'],
      [/layers of a map|a map's layers/i, 'layers'],
      [/export/i, 'exports'],
      [/attachment/i, 'attachments'],
      [/history/i, 'feature-history'],
      [/data file|beyond spec|schema inferred|inferred/i, 'imports'],
      [/attribute schema|schema entries|property types/i, 'attribute-schema'],
      [/relation/i, 'relations'],
      [/layers_filter/i, 'layers-filter'],
      [/categor|search|bookmark|filter/i, 'map-parts'],
      [/basemap|offline/i, 'maps'],
      [
        /layer types|layer.s style|style|reference data|layer calls|layers and layer types|layers? of a map/i,
        'layers',
      ],
      [/\bmaps?\b/i, 'maps'],
    ],
  },
  5: {
    group: 'screens',
    rules: [
      [/natural earth|offline|no network/i, 'offline-basemap'],
      [/\/map|last map|home/i, 'extra-screens'],
    ],
  },
  6: {
    group: 'server-additions',
    rules: [
      [/tile|mvt/i, 'vector-tiles'],
      [/job|poll/i, 'jobs'],
      [/water/i, 'water-network'],
    ],
  },
};

function citationOf(document: string, section: number, line: string): string {
  if (document === 'SPEC') {
    const anchor = SPEC_SECTIONS[section];
    return anchor ? `${PRODUCT}#${anchor}` : PRODUCT;
  }
  const design = DESIGN_SECTIONS[section];
  if (!design) return DECISIONS;
  const rule = design.rules.find(([pattern]) => pattern.test(line));
  return `${DECISIONS}#${rule ? rule[1] : design.group}`;
}

/** `SPEC §4/§8`, `SPEC §4, §6`, `DESIGN §2-3`, `DESIGN §2.`: a document and its section numbers. */
const CITATION =
  /\b(SPEC|DESIGN)(?:\.md)?\s*§\s*(\d+)((?:\s*(?:[,/]|and)\s*§\s*\d+|\s*[-–]\s*§?\s*\d+)*)(?: Jobs\b)?/g;

function sectionsOf(first: string, rest: string): number[] {
  const numbers = [Number(first)];
  for (const part of rest.matchAll(/([-–]|[,/]|and)\s*§?\s*(\d+)/g)) {
    const next = Number(part[2]);
    const previous = numbers[numbers.length - 1] as number;
    if (/[-–]/.test(part[1] as string))
      for (let n = previous + 1; n <= next && n < previous + 10; n++) numbers.push(n);
    else numbers.push(next);
  }
  return numbers;
}

/** One line with every old citation replaced by its docs/ citations. */
export function rewriteLine(line: string): string {
  return line.replace(CITATION, (_match, document: string, first: string, rest: string) => {
    const citations = sectionsOf(first, rest).map((section) => citationOf(document, section, line));
    return [...new Set(citations)].join(', ');
  });
}

export function rewriteText(text: string): string {
  return text.split('\n').map(rewriteLine).join('\n');
}

function main(): void {
  const root = process.cwd();
  let changed = 0;
  for (const file of citingFiles(root)) {
    if (file.startsWith('docs/') || file.startsWith('scripts/')) continue;
    const full = path.join(root, file);
    const before = readFileSync(full, 'utf8');
    const after = rewriteText(before);
    if (after !== before) {
      writeFileSync(full, after);
      changed += 1;
      console.log(`rewrote ${file}`);
    }
  }
  console.log(`${changed} file(s) changed.`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
