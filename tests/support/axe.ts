import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Result } from 'axe-core';
import type { Page } from 'playwright-core';

/** axe's minified build (580 KB; the package's main, `axe.source`, is the 1.3 MB unminified one). */
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * axe's findings on the page as it is now (within `include`, a selector, when given), all but the minor ones.
 *
 * axe runs in the page's own document, put there once per document: a check of a second state of the same page
 * (a menu open, a toast shown) only runs it again, and only violations come back. @axe-core/playwright put its
 * 580 KB in twice per check and returned every passing node too (docs/measured-figures.md: a sixth of that file's CPU).
 */
export async function axeViolations(page: Page, include?: string): Promise<Result[]> {
  // The store's pages have no frames; axe in the top document alone would wait on one for a minute, then skip it.
  if (page.frames().length > 1)
    throw new Error(`axeViolations checks one document; ${page.url()} has frames`);
  if (!(await page.evaluate('typeof window.axe === "object"'))) await page.evaluate(AXE_SOURCE);
  const context = JSON.stringify(include ?? null);
  const violations = await page.evaluate<Result[]>(
    `axe.run(${context} ?? document, { resultTypes: ['violations'] }).then((results) => results.violations)`,
  );
  return violations.filter((violation) => violation.impact !== 'minor');
}
