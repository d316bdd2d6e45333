import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATHS } from '../tests/support/browser.js';

/**
 * Chrome's own installability check of the store (`Page.getInstallabilityErrors`: the manifest, its icons, a
 * service worker controlling the page), what Lighthouse's installable-manifest audit ran before Lighthouse 12
 * removed it. The errors found; none means the store installs to a home screen.
 */
export async function installabilityErrors(storeUrl: string): Promise<string[]> {
  // A profile of its own: Chrome installs nothing from an incognito context, which a new context would be.
  const profile = mkdtempSync(path.join(tmpdir(), 'installability-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM_PATHS.full,
    headless: true,
    args: [...CHROMIUM_ARGS],
    serviceWorkers: 'allow',
  });
  try {
    const page = await context.newPage();
    await page.goto(storeUrl, { waitUntil: 'networkidle' });
    // Polled from outside: the store's CSP refuses the evaluated predicate waitForFunction would run in the page.
    for (
      let waited = 0;
      !(await page.evaluate<boolean>('navigator.serviceWorker.controller !== null'));
      waited += 250
    ) {
      if (waited > 60_000) throw new Error('The service worker did not take the page within 60 s');
      await page.waitForTimeout(250);
    }
    const cdp = await context.newCDPSession(page);
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    return installabilityErrors.map(({ errorId, errorArguments }) =>
      [errorId, ...errorArguments.map(({ name, value }) => `${name}=${value}`)].join(' '),
    );
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
}
