import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { ROOT } from '../../scripts/service-process.js';

// The real clerk-js that Clerk's Frontend API serves to the browser, for the Clerk journeys. It is not a
// devDependency: `npm install @clerk/clerk-js` adds about 930 packages (760 MB: wallet SDKs, react-native) that
// only its bundler entry points use, while the browser bundle (dist/, 21 MB) is self-contained. So the published
// tarball is fetched once with npm itself, checked against the pinned integrity, and only its dist/ is kept.
//
// 5.128.0 is the clerk-js that @clerk/clerk-react 5.61.10 was released with: both depend on @clerk/shared
// ^3.48.0, whose script loader names 5.128.0 as the clerk-js version it was built against.
export const CLERK_JS_VERSION = '5.128.0';
const INTEGRITY =
  'sha512-aw8USKnrZVPOqJfp1eKpbaQL+jUYkXJn/v3XdBslfT4jXEUIqkyITmlgY8bA9GqVF7xGcr+m/HJTpgvGbtIvXA==';

const run = promisify(execFile);
const CACHE = path.join(ROOT, 'node_modules', '.cache', 'clerk-js', CLERK_JS_VERSION);

/** The folder of clerk-js's browser build (clerk.browser.js and the chunks it loads beside it). */
export async function clerkJsDist(): Promise<string> {
  const dist = path.join(CACHE, 'dist');
  if (existsSync(path.join(dist, 'clerk.browser.js'))) return dist;
  mkdirSync(path.dirname(CACHE), { recursive: true });
  const work = mkdtempSync(`${CACHE}-`);
  try {
    const { stdout } = await run(
      'npm',
      ['pack', `@clerk/clerk-js@${CLERK_JS_VERSION}`, '--silent', '--pack-destination', work],
      {
        cwd: work,
      },
    );
    const tarball = path.join(work, stdout.trim().split('\n').pop() ?? '');
    const integrity = `sha512-${createHash('sha512').update(readFileSync(tarball)).digest('base64')}`;
    if (integrity !== INTEGRITY)
      throw new Error(`@clerk/clerk-js@${CLERK_JS_VERSION}: integrity ${integrity}, expected ${INTEGRITY}`);
    await run('tar', ['-xzf', tarball, '-C', work, 'package/dist']);
    // A concurrent run may have finished first; either copy is the same bytes.
    if (!existsSync(dist)) renameSync(path.join(work, 'package'), CACHE);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  if (!readdirSync(dist).includes('clerk.browser.js'))
    throw new Error(`clerk-js ${CLERK_JS_VERSION}: no clerk.browser.js in the tarball`);
  return dist;
}
