// `npm start`: builds the web app when the build is missing or older than its sources, then starts the API and
// the BFF (which serves the web app) and prints the one URL of the whole store.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { ROOT, startService, type RunningService } from './service-process.js';

const SOURCES = ['web/src', 'web/public', 'web/index.html', 'web/vite.config.ts', 'machines/src', 'domain'];
const BUILT = path.join(ROOT, 'web/dist/index.html');

function newestMtime(target: string): number {
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

function webBuildIsStale(): boolean {
  if (!existsSync(BUILT)) return true;
  const built = statSync(BUILT).mtimeMs;
  return SOURCES.map((s) => path.join(ROOT, s)).some((s) => existsSync(s) && newestMtime(s) > built);
}

if (webBuildIsStale()) {
  console.log('Building the web app…');
  // Always a production build: an inherited NODE_ENV (a test runner sets "test") would make Vite bundle React's
  // development build.
  const build = spawnSync('npm', ['run', 'build:web'], { cwd: ROOT, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const running: RunningService[] = [];
let stopping = false;
async function shutdown(code: number): Promise<never> {
  stopping = true;
  await Promise.all(running.map((s) => s.stop()));
  process.exit(code);
}
process.once('SIGINT', () => void shutdown(0));
process.once('SIGTERM', () => void shutdown(0));

try {
  // With API_URL set, the shop runs its own backend of the same contract and no local API is started.
  let apiUrl = process.env.API_URL;
  if (apiUrl === undefined) {
    const api = await startService({ entry: 'api/src/main.ts', output: 'inherit', env: {} });
    running.push(api);
    apiUrl = api.url;
  }
  const bff = await startService({
    entry: 'bff/src/main.ts',
    output: 'inherit',
    // The store runs in production mode unless a developer asks for the BFF's development extras (IDE, stack traces).
    env: { API_URL: apiUrl, NODE_ENV: process.env.NODE_ENV === 'development' ? 'development' : 'production' },
  });
  running.push(bff);
  console.log(`\n  The store is open at ${bff.url}\n`);
  // If either process dies, the store is down: stop the other and say so.
  for (const service of running) {
    service.child.once('exit', (code) => {
      if (stopping) return;
      console.error(`A store process exited (${String(code)}); stopping.`);
      void shutdown(1);
    });
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  await shutdown(1);
}
