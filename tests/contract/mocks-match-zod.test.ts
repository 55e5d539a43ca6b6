import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

// The generated faker mocks feed mock mode and component tests; if they drift from the
// generated zod schemas, the zod response check in tests would reject our own mocks.
type SafeParse = { safeParse: (value: unknown) => { success: boolean; error?: { issues: unknown[] } } };
const isSchema = (value: unknown): value is SafeParse =>
  typeof value === 'object' && value !== null && 'safeParse' in value;

const tags = readdirSync('generated/api');
const SAMPLES = 20;

describe('generated MSW mocks', () => {
  it.each(tags)(
    '%s: every success mock satisfies its zod response schema',
    { timeout: 60_000 },
    async (tag) => {
      const mocks = (await import(`../../generated/api/${tag}/${tag}.msw.ts`)) as Record<string, unknown>;
      const zods = (await import(`../../generated/zod/${tag}/${tag}.zod.ts`)) as Record<string, unknown>;
      const problems: string[] = [];
      let checked = 0;
      for (const [name, make] of Object.entries(mocks)) {
        const match = /^get(.+)ResponseMock$/.exec(name);
        if (!match?.[1] || typeof make !== 'function') continue;
        const operationId = match[1].charAt(0).toLowerCase() + match[1].slice(1);
        const schemaName = Object.keys(zods).find((key) =>
          new RegExp(`^${operationId}20\\dResponse$`).test(key),
        );
        const schema = schemaName ? zods[schemaName] : undefined;
        // Binary downloads (exports, attachments) have no JSON body and so no zod schema.
        if (!isSchema(schema)) continue;
        checked += 1;
        for (let i = 0; i < SAMPLES; i += 1) {
          const result = schema.safeParse((make as () => unknown)());
          if (!result.success) {
            problems.push(`${operationId}: ${JSON.stringify(result.error?.issues).slice(0, 400)}`);
            break;
          }
        }
      }
      expect(problems).toEqual([]);
      expect(checked).toBeGreaterThan(0);
    },
  );
});
