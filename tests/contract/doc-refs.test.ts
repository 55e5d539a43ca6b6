import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { anchorsOf, citingFiles, danglingReferences } from '../../scripts/doc-refs.ts';
import { rewriteLine } from '../../scripts/rewrite-doc-refs.ts';

describe('documentation references', () => {
  it('every docs/ citation in the repository names a page and section that exist', () => {
    const root = process.cwd();
    const dangling = danglingReferences(root, citingFiles(root)).map((r) => `${r.file}:${r.line} ${r.why}`);
    expect(dangling).toEqual([]);
  });

  it('finds a citation of a missing section, a missing page and an old § number', () => {
    const root = mkdtempSync(path.join(tmpdir(), 'doc-refs-'));
    mkdirSync(path.join(root, 'docs'));
    writeFileSync(path.join(root, 'docs', 'a.md'), '<a id="kept"></a>\n\n## A heading\n');
    writeFileSync(
      path.join(root, 'code.ts'),
      [
        '// docs/a.md#kept and docs/a.md#a-heading are fine',
        '// docs/a.md#gone is not',
        '// docs/b.md is not either',
        '// nor is SPEC §7',
      ].join('\n'),
    );
    const found = danglingReferences(root, ['code.ts']).map((r) => `${r.line}: ${r.why}`);
    expect(found).toEqual([
      '2: docs/a.md has no section #gone',
      '3: docs/b.md does not exist',
      '4: SPEC § is not in docs/: run scripts/rewrite-doc-refs.ts',
    ]);
  });

  it('finds tracker numbers and the outside specification named as such', () => {
    const root = mkdtempSync(path.join(tmpdir(), 'doc-refs-'));
    writeFileSync(
      path.join(root, 'code.sql'),
      [
        '-- tokens (issue 21) and (Issue #24)',
        '-- batches (#20 item 5)',
        '-- as SPEC says',
        '-- SPECIAL cases and specs are fine',
        '-- (issue-7, issue no. 3, #20, item 6, item 2 of #20)',
        '-- see SPEC.md and DESIGN.md',
      ].join('\n'),
    );
    const found = danglingReferences(root, ['code.sql']).map((r) => `${r.line}: ${r.why}`);
    expect(found).toEqual([
      `1: "issue 21" points outside the repo: say it in the repo's own words`,
      `1: "Issue #24" points outside the repo: say it in the repo's own words`,
      `2: "#20 item" points outside the repo: say it in the repo's own words`,
      `3: "SPEC" points outside the repo: say it in the repo's own words`,
      `5: "issue-7" points outside the repo: say it in the repo's own words`,
      `5: "issue no. 3" points outside the repo: say it in the repo's own words`,
      `5: "#20, item" points outside the repo: say it in the repo's own words`,
      `5: "item 2 of #20" points outside the repo: say it in the repo's own words`,
      `6: "SPEC" points outside the repo: say it in the repo's own words`,
      `6: "DESIGN.md" points outside the repo: say it in the repo's own words`,
    ]);
  });

  it("leaves colours, feature numbers, issue-like words and other projects' issue links alone", () => {
    const root = mkdtempSync(path.join(tmpdir(), 'doc-refs-'));
    writeFileSync(
      path.join(root, 'page.md'),
      [
        'The halo is `#202020`; the panel of Pipes #3 lists items 1 to 4.',
        'Valves #147 and #148 close it; 20 items per page.',
        "A zod issue's code, the issuer and its subject.",
        'OpenLayers fixed it upstream: https://github.com/openlayers/openlayers/issues/16000.',
        'The OGC specs, a spec of its own.',
      ].join('\n'),
    );
    expect(danglingReferences(root, ['page.md'])).toEqual([]);
  });

  it('checks the links between docs/ pages too', () => {
    const root = mkdtempSync(path.join(tmpdir(), 'doc-refs-'));
    mkdirSync(path.join(root, 'docs'));
    writeFileSync(path.join(root, 'docs', 'b.md'), '## Here\n');
    writeFileSync(
      path.join(root, 'docs', 'a.md'),
      '[ok](b.md#here) [self](#top)\n\n## Top\n[bad](b.md#there)\n',
    );
    const found = danglingReferences(root, ['docs/a.md', 'docs/b.md']).map((r) => `${r.line}: ${r.why}`);
    expect(found).toEqual(['4: docs/b.md has no section #there']);
  });

  it('reads anchors from <a id> tags and from headings as GitHub spells them', () => {
    expect([...anchorsOf('<a id="d7"></a>\n### D7. Same-origin cookie, with `XSRF`\n')]).toEqual([
      'd7',
      'd7-same-origin-cookie-with-xsrf',
    ]);
  });
});

describe('rewriting old citations', () => {
  it('maps product sections one to one, lists and ranges included', () => {
    expect(rewriteLine('// sign out (SPEC §4/§8) and ask (SPEC §4, §6)')).toBe(
      '// sign out (docs/product.md#flows, docs/product.md#errors) and ask (docs/product.md#flows, docs/product.md#roles)',
    );
    expect(rewriteLine('# shapes (DESIGN §2-3).')).toBe(
      '# shapes (docs/decisions.md#api, docs/decisions.md#accounts).',
    );
  });

  it('picks the decision the words of the line name, else the section group', () => {
    expect(rewriteLine('/** Import jobs (DESIGN §6): a large file */')).toBe(
      '/** Import jobs (docs/decisions.md#jobs): a large file */',
    );
    expect(rewriteLine('# (DESIGN §6 Jobs).')).toBe('# (docs/decisions.md#jobs).');
    expect(rewriteLine('-- Accounts (DESIGN §3).')).toBe('-- Accounts (docs/decisions.md#accounts).');
  });

  it('leaves a rewritten line and other § signs alone', () => {
    const once = rewriteLine('// The rules of DESIGN §3, as sent');
    expect(rewriteLine(once)).toBe(once);
    expect(rewriteLine('// (https://www.sqlite.org/fileformat2.html §2.1)')).toBe(
      '// (https://www.sqlite.org/fileformat2.html §2.1)',
    );
  });
});
