// Runs before `npm start` and `npm test`: installs exactly the locked dependencies when they are missing or stale.
// The packages' own build steps run apart from the download (better-sqlite3 compiles SQLite: about 70 s on one
// core), so that `npm test` can run them beside its static checks, which need none of them: `--builds-later`
// leaves them to scripts/static-checks.mjs. Until they have run, a marker in node_modules says they are pending.
import { spawnSync } from 'node:child_process';
import { existsSync, rmSync, statSync, writeFileSync } from 'node:fs';

const INSTALLED = 'node_modules/.package-lock.json';
const BUILDS_PENDING = 'node_modules/.store-builds-pending';

// SQLite's own build compiles it at -O2; node-gyp's -O3 costs better-sqlite3 about 20 s more CPU (87 against
// 68 s here) for no speed we could measure (docs/measured-figures.md). A CFLAGS of the environment is kept.
const BUILD_ENV = { ...process.env, CFLAGS: process.env.CFLAGS ?? '-O2' };

function npm(args, env = process.env) {
  const result = spawnSync('npm', args, { stdio: 'inherit', env });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const stale = !existsSync(INSTALLED) || statSync('package-lock.json').mtimeMs > statSync(INSTALLED).mtimeMs;
if (stale) {
  console.log('Installing dependencies (npm ci)…');
  npm(['ci', '--ignore-scripts', '--no-audit', '--no-fund']);
  writeFileSync(BUILDS_PENDING, '');
}
if (existsSync(BUILDS_PENDING) && !process.argv.includes('--builds-later')) {
  console.log("Running the dependencies' build steps (npm rebuild)…");
  npm(['rebuild'], BUILD_ENV);
  rmSync(BUILDS_PENDING);
}
