import type { TestProject } from 'vitest/node';
import { startStoreTheReadmeWay, type RunningStore } from '../support/store-process.js';

declare module 'vitest' {
  export interface ProvidedContext {
    storeUrl: string;
    storeDataDir: string;
  }
}

let store: RunningStore | undefined;

// One store for every journey, started as the README says (it builds the web app when it is stale).
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  store = await startStoreTheReadmeWay({ AUTH_RATE_LIMIT_MAX: '10000', LOG_LEVEL: 'warn' });
  project.provide('storeUrl', store.url);
  project.provide('storeDataDir', store.dataDir);
  return async () => {
    await store?.stop();
  };
}
