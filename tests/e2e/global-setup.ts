import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { ROOT } from '../../scripts/service-process.js';
import { buildWebApp } from '../../scripts/web-build.js';
import { serverDirOf } from '../../web/build/server-half.js';
import { CLERK_WEB_ENV } from '../support/clerk-frontend-api.js';
import buildPrebuilt from '../support/prebuilt.js';
import { startStoreTheReadmeWay, type RunningStore } from '../support/store-process.js';

declare module 'vitest' {
  export interface ProvidedContext {
    storeUrl: string;
    storeDataDir: string;
    /** The web app built with the Clerk stand-in's publishable key, for the Clerk journeys' stores. */
    clerkWebDist: string;
  }
}

let store: RunningStore | undefined;

// One store for every journey, started as the README says (it builds the web app when it is stale), through tsx as
// a shop's does; the builds the files' own stores run (tests/support/prebuilt.ts, decision 023) are made meanwhile,
// or were made by an earlier project's setup of the same run, and so is the Clerk journeys' web app (one build for
// both of their files: `npm start` finds it fresh for their key and builds nothing).
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const clerkWebDist = mkdtempSync(path.join(tmpdir(), 'store-clerk-web-'));
  const removeClerkWeb = () => {
    rmSync(clerkWebDist, { recursive: true, force: true });
    rmSync(serverDirOf(clerkWebDist), { recursive: true, force: true });
  };
  const [started, built, clerkBuilt] = await Promise.allSettled([
    startStoreTheReadmeWay({ AUTH_RATE_LIMIT_MAX: '10000', LOG_LEVEL: 'warn' }, { throughTsx: true }),
    buildPrebuilt(),
    // Its errors only: the run's log is not the place for a build's list of files.
    buildWebApp(ROOT, clerkWebDist, { ...process.env, ...CLERK_WEB_ENV }, ['ignore', 'ignore', 'inherit'])
      .exitCode,
  ]);
  if (started.status === 'rejected') {
    removeClerkWeb();
    throw started.reason;
  }
  store = started.value;
  const clerkExit = clerkBuilt.status === 'fulfilled' ? clerkBuilt.value : 1;
  if (built.status === 'rejected' || clerkExit !== 0) {
    await store.stop();
    removeClerkWeb();
    if (built.status === 'rejected') throw built.reason;
    throw new Error(`The Clerk journeys' web build failed (exit code ${String(clerkExit)})`);
  }
  project.provide('storeUrl', store.url);
  project.provide('storeDataDir', store.dataDir);
  project.provide('clerkWebDist', clerkWebDist);
  return async () => {
    await store?.stop();
    removeClerkWeb();
  };
}
