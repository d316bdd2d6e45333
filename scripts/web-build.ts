import { spawn, type ChildProcess, type StdioOptions } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { serverManifestOf } from '../web/build/server-half.js';

// When `npm start` must build the web app. Vite bakes every VITE_* variable into the bundle (the store's name, the
// Clerk key...), so a build is stale when its sources changed after it, and also when it was made with other VITE_*
// values: a shop that sets VITE_CLERK_PUBLISHABLE_KEY after a first start must not keep getting a build without Clerk.

const SOURCES = [
  'web/src',
  'web/public',
  'web/index.html',
  'web/vite.config.ts',
  'web/build',
  'machines/src',
  'domain',
];
/** Vite's env files (web/ is its envDir): their VITE_* values end up in the bundle too. */
const ENV_FILES = ['.env', '.env.local', '.env.production', '.env.production.local'].map(
  (file) => `web/${file}`,
);
/** Beside Vite's manifest in the build; only a digest is kept, so no value is written to disk. */
const RECORD = path.join('.vite', 'store-build.json');

function newestMtime(target: string): number {
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

/** A digest of the VITE_* variables a build would read; an empty value counts as unset, as it does for the app. */
function viteEnvDigest(env: Record<string, string | undefined>): string {
  const entries = Object.entries(env)
    .filter(([name, value]) => name.startsWith('VITE_') && value !== undefined && value !== '')
    .sort(([a], [b]) => a.localeCompare(b));
  return createHash('sha256').update(JSON.stringify(entries)).digest('hex');
}

function recordedDigest(dist: string): string | undefined {
  try {
    const record = JSON.parse(readFileSync(path.join(dist, RECORD), 'utf8')) as { viteEnv?: unknown };
    return typeof record.viteEnv === 'string' ? record.viteEnv : undefined;
  } catch {
    return undefined;
  }
}

/** True when the build in `dist` is missing, older than its sources, or made with other VITE_* values than `env`'s. */
export function webBuildIsStale(
  root: string,
  dist: string,
  env: Record<string, string | undefined>,
): boolean {
  const built = path.join(dist, 'index.html');
  // The build's server half (`<dist>-server/`, web/build/prerender.ts): the BFF renders pages with it.
  if (!existsSync(built) || !existsSync(serverManifestOf(dist))) return true;
  if (recordedDigest(dist) !== viteEnvDigest(env)) return true;
  const builtAt = statSync(built).mtimeMs;
  return [...SOURCES, ...ENV_FILES]
    .map((s) => path.join(root, s))
    .some((s) => existsSync(s) && newestMtime(s) > builtAt);
}

/** Notes, after a successful build, which VITE_* values it was made with. */
export function recordWebBuild(dist: string, env: Record<string, string | undefined>): void {
  mkdirSync(path.join(dist, path.dirname(RECORD)), { recursive: true });
  writeFileSync(path.join(dist, RECORD), `${JSON.stringify({ viteEnv: viteEnvDigest(env) })}\n`);
}

/** A production build of the web app into `dist` with `env`'s VITE_* values, recorded when it succeeds. */
export function buildWebApp(
  root: string,
  dist: string,
  env: Record<string, string | undefined>,
  stdio: StdioOptions = 'inherit',
): { child: ChildProcess; exitCode: Promise<number> } {
  // Always a production build: an inherited NODE_ENV (a test runner sets "test") would make Vite bundle React's
  // development build.
  const child = spawn('npm', ['run', 'build:web', '--', '--outDir', dist], {
    cwd: root,
    stdio,
    env: { ...env, NODE_ENV: 'production' },
  });
  const exitCode = new Promise<number>((resolve) => {
    child.once('error', () => resolve(1));
    child.once('exit', (code) => {
      if (code === 0) recordWebBuild(dist, env);
      resolve(code ?? 1);
    });
  });
  return { child, exitCode };
}
