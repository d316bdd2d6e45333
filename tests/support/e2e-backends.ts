import { inject } from 'vitest';
import type { ViewportName } from './browser.js';
import { startLineageBackend, type LineageBackend } from './lineage-backend.js';
import { startStoreTheReadmeWay, type RunningStore } from './store-process.js';

// The store behind the browser journeys: on our own API (the store the e2e global setup started the README's
// way), and on a backend that answers spec section 7 the way the seed's original backend does (every failure at
// 200, no cart or order in the answers, orders oldest first, images on another origin: lineage-backend.ts),
// started with `npm start` and API_URL, as a shop with its own backend would. The journeys run at both widths on
// our API; on the other backend at a phone's only: the layout does not depend on the backend, and what the backend
// changes (the answers' shapes, its errors, its image host) does not depend on the width.

export interface E2eBackend {
  storeUrl: string;
  /** Origins the pages may load from besides the store's (the backend's image host). */
  imageOrigins: string[];
  /** The orders the backend itself holds for this shopper, where the test can see them. */
  ordersOf?: (email: string) => number;
  /** Makes the backend store the next order but lose its answer to the BFF, where the test can. */
  loseNextOrderAnswer?: () => void;
  stop(): Promise<void>;
}

export const E2E_BACKENDS: Array<{
  name: string;
  key: string;
  /** The widths the journeys run at on this backend. */
  viewports: readonly ViewportName[];
  start: () => Promise<E2eBackend>;
}> = [
  {
    name: 'our API',
    key: 'ours',
    viewports: ['mobile', 'desktop'],
    start: () =>
      Promise.resolve({ storeUrl: inject('storeUrl'), imageOrigins: [], stop: () => Promise.resolve() }),
  },
  {
    name: 'a backend of the seed kind',
    key: 'seed-backend',
    viewports: ['mobile'],
    async start() {
      const backend: LineageBackend = await startLineageBackend();
      let store: RunningStore;
      try {
        store = await startStoreTheReadmeWay({ API_URL: backend.url, API_TIMEOUT_MS: '2000' });
      } catch (error) {
        await backend.stop();
        throw error;
      }
      return {
        storeUrl: store.url,
        imageOrigins: [backend.imagesUrl],
        ordersOf: (email) => backend.ordersOf(email).length,
        loseNextOrderAnswer: () => backend.loseNextAnswer('/api/order/place'),
        stop: async () => {
          await store.stop();
          await backend.stop();
        },
      };
    },
  },
];
