import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * What the documentation checks share: which files are read, how a docs/ citation is written,
 * and which anchors a docs/ page defines.
 */

/** Folders whose text is made from something else; their sources are what gets checked. */
const SKIPPED = [/^generated\//, /^contracts\//, /^node_modules\//, /^package-lock\.json$/];
/** The citation tooling and its test quote old citations on purpose. */
const TOOLING = new Set([
  'scripts/doc-refs.ts',
  'scripts/rewrite-doc-refs.ts',
  'tests/contract/doc-refs.test.ts',
]);
const TEXT = /\.(ts|tsx|js|mjs|cjs|sql|ya?ml|css|md|txt|html)$/;

/** Files git knows (tracked, or new and not ignored) that may hold a citation. */
export function citingFiles(root: string): string[] {
  const out = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], {
    cwd: root,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  return [...new Set(out.split('\n'))]
    .filter((file) => file !== '' && TEXT.test(file) && !TOOLING.has(file))
    .filter((file) => !SKIPPED.some((skip) => skip.test(file)))
    .filter((file) => existsSync(path.join(root, file)));
}

/** `docs/decisions.md#jobs`, `docs/product.md` (a page), or `docs/x.md#a` inside a link. */
export const DOC_CITATION = /\bdocs\/([\w.-]+\.md)(?:#([\w-]+))?/g;

/** Inside docs/: a link to a sibling page or to a section of this page, `[x](decisions.md#jobs)`, `[x](#jobs)`. */
const SIBLING_LINK = /\]\(([\w.-]+\.md)?(?:#([\w-]+))?\)/g;

/** A citation of the documents that used to live outside the repository: `SPEC §7`, `DESIGN §2-3`. */
export const OLD_CITATION = /\b(SPEC|DESIGN|STYLE|FACTS)(?:\.md)?\s*§\s*\d/g;

/**
 * A pointer out of the repository, which docs/ should explain instead: a tracker number (the word
 * issue with a number after it, written with a space, a hash, a dash or "no.", or a hash number
 * followed by an item), the product specification by its outside name, or the outside design,
 * style and facts notes by file name. What stays allowed: a hash before digits anywhere else (a
 * colour, a feature's number in a label), and a full link to another project's issue or pull
 * request, which names where it points. `tests/contract/doc-refs.test.ts` spells out each form.
 */
export const OUTSIDE_POINTER =
  /\b[Ii]ssues?(?:\s*[-:]\s*|\s+no\.?\s*|\s*)#?\d+|#\d+,?\s+items?\b|\bitems?\s+\d+\s+(?:of|in)\s+#\d+|\bSPEC\b(?!\s*§)|\b(?:DESIGN|STYLE|FACTS)\.md\b/g;

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens. */
export function headingSlug(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

/** Every anchor a page defines: `<a id="x">` and its headings' slugs. */
export function anchorsOf(markdown: string): Set<string> {
  const anchors = new Set<string>();
  for (const match of markdown.matchAll(/<a\s+(?:id|name)="([^"]+)"/g)) anchors.add(match[1] as string);
  for (const match of markdown.matchAll(/^#{1,6}\s+(.+)$/gm)) anchors.add(headingSlug(match[1] as string));
  return anchors;
}

export interface DanglingReference {
  file: string;
  line: number;
  text: string;
  why: string;
}

/** Every citation in `files` that docs/ does not define. */
export function danglingReferences(root: string, files: readonly string[]): DanglingReference[] {
  const pages = new Map<string, Set<string> | null>();
  const anchorsOfPage = (page: string) => {
    if (!pages.has(page)) {
      const file = path.join(root, 'docs', page);
      pages.set(page, existsSync(file) ? anchorsOf(readFileSync(file, 'utf8')) : null);
    }
    return pages.get(page);
  };
  const found: DanglingReference[] = [];
  for (const file of files) {
    const lines = readFileSync(path.join(root, file), 'utf8').split('\n');
    lines.forEach((text, index) => {
      const at = { file, line: index + 1, text: text.trim() };
      for (const match of text.matchAll(OLD_CITATION))
        found.push({ ...at, why: `${match[1]} § is not in docs/: run scripts/rewrite-doc-refs.ts` });
      for (const match of text.matchAll(OUTSIDE_POINTER))
        found.push({ ...at, why: `"${match[0]}" points outside the repo: say it in the repo's own words` });
      const inDocs = file.startsWith('docs/');
      const citations = [
        ...[...text.matchAll(DOC_CITATION)].map((match) => [match[1], match[2]] as const),
        // A sibling link is relative to its page's folder (docs/contract/README.md → states.md).
        ...(inDocs ? [...text.matchAll(SIBLING_LINK)] : []).map(
          (match) =>
            [
              path.posix.relative(
                'docs',
                path.posix.join(path.posix.dirname(file), match[1] ?? path.basename(file)),
              ),
              match[2],
            ] as const,
        ),
      ];
      for (const [page, anchor] of citations) {
        if (page === undefined) continue;
        const anchors = anchorsOfPage(page);
        if (anchors === null || anchors === undefined)
          found.push({ ...at, why: `docs/${page} does not exist` });
        else if (anchor !== undefined && !anchors.has(anchor))
          found.push({ ...at, why: `docs/${page} has no section #${anchor}` });
      }
    });
  }
  return found;
}
