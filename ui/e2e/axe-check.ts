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

/**
 * WCAG 2.1's 2.5.3 "Label in Name" (level A): a control's accessible name contains the words
 * it shows, so a voice control user who says what they see reaches it. axe-core marks it
 * experimental and ships it switched off: it is switched on by name.
 */
const LABEL_IN_NAME = 'label-content-name-mismatch';

/** The rules switched on by name, each of which must have run. */
const ON_BY_NAME = [TARGET_SIZE, LABEL_IN_NAME];

/**
 * The serious and critical axe violations on the page, each with where it is; `exclude` a
 * frame axe cannot run in (a sandboxed one without scripts: the page editor's preview, a
 * public page axe checks on its own).
 */
export async function seriousAxeViolations(page: Page, exclude?: string): Promise<string[]> {
  const builder = new AxeBuilder({ page });
  if (exclude) builder.exclude(exclude);
  const results = await builder
    .options({ rules: Object.fromEntries(ON_BY_NAME.map((rule) => [rule, { enabled: true }])) })
    .withTags(AXE_TAGS)
    .analyze();
  const ran = [...results.passes, ...results.violations, ...results.incomplete, ...results.inapplicable];
  for (const rule of ON_BY_NAME) {
    if (!ran.some((result) => result.id === rule)) {
      throw new Error(`axe did not run ${rule}: its check is missing`);
    }
  }
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}
