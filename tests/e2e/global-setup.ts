import type { TestProject } from 'vitest/node';
import buildPrebuilt from '../support/prebuilt.js';
import { startStoreTheReadmeWay, type RunningStore } from '../support/store-process.js';

declare module 'vitest' {
  export interface ProvidedContext {
    storeUrl: string;
    storeDataDir: string;
  }
}

let store: RunningStore | undefined;

// One store for every journey, started as the README says (it builds the web app when it is stale), through tsx as
// a shop's does; the builds the files' own stores run (tests/support/prebuilt.ts, decision 023) are made meanwhile,
// or were made by an earlier project's setup of the same run.
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const [started, built] = await Promise.allSettled([
    startStoreTheReadmeWay({ AUTH_RATE_LIMIT_MAX: '10000', LOG_LEVEL: 'warn' }, { throughTsx: true }),
    buildPrebuilt(),
  ]);
  if (started.status === 'rejected') throw started.reason;
  store = started.value;
  if (built.status === 'rejected') {
    await store.stop();
    throw built.reason;
  }
  project.provide('storeUrl', store.url);
  project.provide('storeDataDir', store.dataDir);
  return async () => {
    await store?.stop();
  };
}
