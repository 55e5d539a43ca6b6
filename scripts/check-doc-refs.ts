import { citingFiles, danglingReferences } from './doc-refs.ts';

/**
 * Part of `npm run check`: fails when a comment or document cites a docs/ page or section that
 * does not exist, still cites the outside brief's or design notes' § numbering
 * (scripts/rewrite-doc-refs.ts turns those into docs/ citations), or points at a tracker number or
 * the outside notes by name (OUTSIDE_POINTER in doc-refs.ts says which spellings, and what stays allowed).
 */
const root = process.cwd();
const dangling = danglingReferences(root, citingFiles(root));
for (const reference of dangling)
  console.error(`${reference.file}:${reference.line}: ${reference.why}\n    ${reference.text}`);
if (dangling.length > 0) {
  console.error(`\n${dangling.length} dangling documentation reference(s).`);
  process.exit(1);
}
