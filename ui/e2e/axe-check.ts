import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/**
 * What every axe run checks: the WCAG 2.0, 2.1 and 2.2 level A and AA rules axe-core has, and
 * its best practices (which its defaults ran too).
 */
export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

/**
 * WCAG 2.2's one AA rule in axe-core, 2.5.8 "Target Size (Minimum)": a pointer target is at
 * least 24 by 24 CSS px, or has that much room around it. axe-core ships it switched off, so it
 * is switched on by name as well as by its tag.
 */
const TARGET_SIZE = 'target-size';

/** The serious and critical axe violations on the page, each with where it is. */
export async function seriousAxeViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page })
    .options({ rules: { [TARGET_SIZE]: { enabled: true } } })
    .withTags(AXE_TAGS)
    .analyze();
  const ran = [...results.passes, ...results.violations, ...results.incomplete, ...results.inapplicable];
  if (!ran.some((rule) => rule.id === TARGET_SIZE)) {
    throw new Error(`axe did not run ${TARGET_SIZE}: the WCAG 2.2 check is missing`);
  }
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}
