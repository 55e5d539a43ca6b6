import { describe, expect, it } from 'vitest';
import bn from './bn.json';
import en from './en.json';
import es from './es.json';
import fr from './fr.json';
import ptBR from './pt-BR.json';
import zhCN from './zh-CN.json';

type Tree = { [key: string]: string | Tree };

/** Every leaf as a dotted key → its text. */
function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const leaves = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') leaves.set(path, value);
    else for (const [child, text] of flatten(value, path)) leaves.set(child, text);
  }
  return leaves;
}

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

const english = flatten(en);
// Texts that are the same in every language on purpose: the product name, language
// endonyms, short codes and file format names.
const SAME_EVERYWHERE =
  /^(app\.name|languages\..+|users\.columns\.id|pagination\.summary|export_dialog\.formats\..+|export_dialog\.percent)$/;
// Words that really are spelled as in English in that language.
const SAME_IN: Record<string, readonly string[]> = {
  es: ['maps.admin.general'],
  fr: [
    'users.columns.actions',
    'pagination.label',
    'pagination.page',
    'toast.region',
    'viewer.relatives.parents',
    'print.orientation',
    'print.portrait',
  ],
};

describe.each([
  ['bn', bn],
  ['es', es],
  ['fr', fr],
  ['pt-BR', ptBR],
  ['zh-CN', zhCN],
] as const)('locale %s', (name, tree) => {
  const leaves = flatten(tree as Tree);

  it('has every key of en and no other', () => {
    expect([...leaves.keys()].filter((key) => !english.has(key))).toEqual([]);
    expect([...english.keys()].filter((key) => !leaves.has(key))).toEqual([]);
  });

  it('keeps the placeholders of each English text', () => {
    for (const [key, text] of english)
      expect({ key, names: placeholders(leaves.get(key) ?? '') }).toEqual({ key, names: placeholders(text) });
  });

  it('is translated, not an English copy', () => {
    const copies = [...english].filter(
      ([key, text]) =>
        !SAME_EVERYWHERE.test(key) &&
        !SAME_IN[name]?.includes(key) &&
        leaves.get(key) === text &&
        text.length > 6,
    );
    expect(copies.map(([key]) => key)).toEqual([]);
  });
});
