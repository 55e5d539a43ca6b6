import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';
import { sectionsOf, type LocaleGroup, type LocaleTree } from '../src/lib/locale-groups.ts';

const QUERY = /^(?<file>.+\/locales\/(?<locale>[A-Za-z-]+)\.json)\?sections=(?<group>guest|signed-in)$/;
/** A module id of its own (not `.json`), so no JSON plugin takes it; the name becomes the chunk's. */
const VIRTUAL = /^\0(?<file>.+\/locales\/(?<locale>[A-Za-z-]+)\.json)\.(?<group>guest|signed-in)\.js$/;
const FALLBACK = 'en';

type Tree = LocaleTree;

/** `fallback` with `texts` laid over it, key by key: a key one locale lacks reads as English. */
function overlay(fallback: Tree, texts: Tree): Tree {
  const result: Tree = { ...fallback };
  for (const [key, value] of Object.entries(texts)) {
    const under = result[key];
    result[key] = typeof value === 'object' && typeof under === 'object' ? overlay(under, value) : value;
  }
  return result;
}

const readTree = (file: string): Tree => JSON.parse(readFileSync(file, 'utf8')) as Tree;

/**
 * `src/locales/<locale>.json?sections=guest|signed-in` loads one group of a locale's
 * top-level sections (src/lib/locale-groups.ts), so the sign-in screens fetch only their
 * own texts in the visitor's language. The locale files stay as they are; the split happens
 * here, at build time. English fills any key a locale lacks, so the browser never needs a
 * second language as fallback. Without this plugin (the unit tests) the query loads the whole file.
 */
export function localeSections(): Plugin {
  return {
    name: 'atlasboard-locale-sections',
    enforce: 'pre',
    async resolveId(source, importer) {
      const match = /^(?<request>.+\.json)\?sections=(?<group>guest|signed-in)$/.exec(source);
      if (!match?.groups) return null;
      const resolved = await this.resolve(match.groups.request ?? '', importer, { skipSelf: true });
      const file = resolved?.id.replaceAll(path.sep, '/');
      return file && QUERY.test(`${file}?sections=${match.groups.group}`)
        ? `\0${file}.${match.groups.group}.js`
        : null;
    },
    load(id) {
      const match = VIRTUAL.exec(id);
      if (!match?.groups) return null;
      const { file = '', locale = '', group = '' } = match.groups;
      const english = file.replace(/[^/]+\.json$/, `${FALLBACK}.json`);
      this.addWatchFile(file);
      this.addWatchFile(english);
      const texts = locale === FALLBACK ? readTree(file) : overlay(readTree(english), readTree(file));
      // JSON.parse of a string literal: browsers parse that faster than an object literal.
      const json = JSON.stringify(sectionsOf(texts, group as LocaleGroup));
      return `export default JSON.parse(${JSON.stringify(json)});`;
    },
  };
}
