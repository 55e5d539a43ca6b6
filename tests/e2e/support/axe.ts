import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';

export type SeriousViolation = { id: string; impact: string; help: string; targets: string[] };

/**
 * Serious and critical axe findings on the page as it is now (WCAG 2.x A/AA rules), each
 * with the elements it hit, so a failing assertion says what to fix.
 */
export async function seriousViolations(page: Page): Promise<SeriousViolation[]> {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({
      id: violation.id,
      impact: violation.impact ?? 'unknown',
      help: violation.help,
      targets: violation.nodes.map((node) => node.target.join(' ')),
    }));
}
