import { AxeBuilder } from '@axe-core/playwright';
import type { Result } from 'axe-core';
import type { Page } from 'playwright-core';

/**
 * axe's findings on the page as it is now (within `include`, a selector, when given), all but the minor ones.
 *
 * axe runs in the page's own document (its "legacy" mode): the default finishes every run in a new blank page
 * with axe injected a second time, about half of each run here, to reach frames from other origins, which the
 * store's pages do not have. Both modes found the same rules and nodes on every route at both widths.
 */
export async function axeViolations(page: Page, include?: string): Promise<Result[]> {
  const builder = new AxeBuilder({ page }).setLegacyMode();
  const { violations } = await (include === undefined ? builder : builder.include(include)).analyze();
  return violations.filter((violation) => violation.impact !== 'minor');
}
