// Runs before `npm start` and `npm test`: installs exactly the locked dependencies when they are missing or stale.
// The packages' own build steps run apart from the download (better-sqlite3 compiles SQLite: about 100 s on one
// core), so that `npm test` can run them beside its static checks, which need none of them: `--builds-later`
// leaves them to scripts/static-checks.mjs. Until they have run, a marker in node_modules says they are pending.
import { spawnSync } from 'node:child_process';
import { existsSync, rmSync, statSync, writeFileSync } from 'node:fs';

const INSTALLED = 'node_modules/.package-lock.json';
const BUILDS_PENDING = 'node_modules/.store-builds-pending';

function npm(args) {
  const result = spawnSync('npm', args, { stdio: 'inherit' });
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
  npm(['rebuild']);
  rmSync(BUILDS_PENDING);
}
