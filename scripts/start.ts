// `npm start`: builds the web app when the build is missing, older than its sources or made with other VITE_*
// values, starts the API meanwhile (it needs no build), then the BFF (which serves the web app), and prints the one
// URL of the whole store.
import type { ChildProcess } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { prebuiltFromEnvironment, ROOT, startService, type RunningService } from './service-process.js';
import { buildWebApp, webBuildIsStale } from './web-build.js';

// The folder the BFF serves (its WEB_DIST, resolved from the repository root as the BFF does).
const webDist = path.resolve(ROOT, process.env.WEB_DIST || 'web/dist');

/** The web app's build while it runs: stopping the store stops it too. */
let webBuild: ChildProcess | undefined;

let webBuilt: Promise<number> = Promise.resolve(0);
if (webBuildIsStale(ROOT, webDist, process.env)) {
  // Vite empties the folder it builds into: never one that holds something other than an earlier build.
  if (
    existsSync(webDist) &&
    readdirSync(webDist).length > 0 &&
    !existsSync(path.join(webDist, 'index.html'))
  ) {
    console.error(`WEB_DIST (${webDist}) is not empty and holds no web build: refusing to build over it.`);
    process.exit(1);
  }
  console.log('Building the web app…');
  const build = buildWebApp(ROOT, webDist, process.env);
  webBuild = build.child;
  webBuilt = build.exitCode;
}

// Each store process is kept running: one that dies (a crash, a kill -9) is started again on the same port, so
// the other keeps working meanwhile (the BFF answers UPSTREAM_UNAVAILABLE while the API is away).
interface Supervised {
  name: string;
  current: RunningService;
}
const supervised: Supervised[] = [];
let stopping = false;
const MAX_QUICK_RESTARTS = 5;

async function shutdown(code: number): Promise<never> {
  stopping = true;
  if (webBuild?.exitCode === null) webBuild.kill('SIGTERM');
  await Promise.all(supervised.map((s) => s.current.stop()));
  process.exit(code);
}
process.once('SIGINT', () => void shutdown(0));
process.once('SIGTERM', () => void shutdown(0));

async function supervise(
  name: string,
  entry: string,
  env: Record<string, string>,
  portVariable: string,
): Promise<RunningService> {
  // Under the tests, the processes they built once for the run (about a third of a start's CPU through tsx).
  const prebuilt = prebuiltFromEnvironment(entry);
  const first = await startService({ entry, prebuilt, output: 'inherit', env });
  const entryState: Supervised = { name, current: first };
  supervised.push(entryState);
  // Restarts keep the port the process first got, so URLs handed out (the BFF's API_URL, the shopper's) stay valid.
  const pinned = { ...env, [portVariable]: new URL(first.url).port };
  let quickRestarts = 0;
  const watch = (service: RunningService) => {
    const startedAt = Date.now();
    service.child.once('exit', (code, signal) => {
      if (stopping) return;
      quickRestarts = Date.now() - startedAt < 10_000 ? quickRestarts + 1 : 0;
      if (quickRestarts > MAX_QUICK_RESTARTS) {
        console.error(`The ${name} keeps stopping; giving up.`);
        void shutdown(1);
        return;
      }
      console.error(`The ${name} stopped (${signal ?? String(code)}); starting it again…`);
      setTimeout(() => {
        startService({ entry, prebuilt, output: 'inherit', env: pinned }).then(
          (restarted) => {
            entryState.current = restarted;
            watch(restarted);
          },
          (error: unknown) => {
            console.error(error instanceof Error ? error.message : error);
            void shutdown(1);
          },
        );
      }, 500);
    });
  };
  watch(first);
  return first;
}

try {
  // With API_URL set, the shop runs its own backend of the same contract and no local API is started.
  let apiUrl = process.env.API_URL;
  if (apiUrl === undefined) apiUrl = (await supervise('API', 'api/src/main.ts', {}, 'API_PORT')).url;
  const buildStatus = await webBuilt;
  if (buildStatus !== 0) {
    console.error(`The web app's build failed (exit code ${String(buildStatus)}): stopping.`);
    await shutdown(buildStatus);
  }
  // The store runs in production mode unless a developer asks for the BFF's development extras (IDE, stack traces).
  const bffEnv = {
    API_URL: apiUrl,
    NODE_ENV: process.env.NODE_ENV === 'development' ? 'development' : 'production',
  };
  const bff = await supervise('BFF', 'bff/src/main.ts', bffEnv, 'BFF_PORT');
  console.log(`\n  The store is open at ${bff.url}\n`);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  await shutdown(1);
}
