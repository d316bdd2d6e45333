/// <reference lib="webworker" />
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { clientsClaim } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import {
  cleanupOutdatedCaches,
  matchPrecache,
  precacheAndRoute,
  type PrecacheEntry,
} from 'workbox-precaching';
import { registerRoute, setCatchHandler } from 'workbox-routing';
import { CacheFirst, NetworkFirst, NetworkOnly } from 'workbox-strategies';
import {
  IMAGES_CACHE,
  IMAGES_MAX_AGE_SECONDS,
  IMAGES_MAX_ENTRIES,
  isKeptImage,
  isStoreImage,
  fetchedAtOf,
  markKeptPage,
  PAGE_NETWORK_TIMEOUT_SECONDS,
  pageRule,
  PAGES_CACHE,
  PAGES_MAX_AGE_SECONDS,
  PAGES_MAX_ENTRIES,
} from './offline-rules';
import { OFFLINE_PAGE } from './offline-page';
import { SEND_KEPT_ORDERS } from '#domain/queued-order';
import { sendKeptOrdersFromWorker } from '../features/place-order/kept-orders/send-from-worker';

// The store's service worker (docs/decisions/026): the app's code, styles, fonts and offline page precached;
// pages from the network first, with the last copy kept for when there is none; the store's images cache first,
// bounded. Everything else (GraphQL, the cart, sign-in, checkout, orders) is not touched: it goes to the network.
// Background Sync sends the orders kept on the device.

declare const self: ServiceWorkerGlobalScope;
declare const __PRECACHE__: PrecacheEntry[];

precacheAndRoute(__PRECACHE__);
cleanupOutdatedCaches();
// The first version takes the open tab at once; a new one waits (no skipWaiting) until every tab of the old one is
// closed, so a checkout in progress is never switched under the shopper.
clientsClaim();

// The shopper pressed REFRESH on the announcement of this version (web/src/shared/offline-support.ts).
self.addEventListener('message', (event: ExtendableMessageEvent) => {
  if ((event.data as { type?: unknown } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});

// Background Sync, where the browser has it: the connection is back, so the orders kept on the device go out.
// An open tab sends them (web/src/features/place-order/kept-orders/kept-orders.ts); with none open the worker
// does, as the account the app left a token for, and a call unanswered fails the event so the browser tries again.
self.addEventListener('sync', (event: Event) => {
  const sync = event as ExtendableEvent & { tag?: string };
  if (sync.tag !== SEND_KEPT_ORDERS) return;
  sync.waitUntil(
    self.clients.matchAll({ type: 'window' }).then(async (clients) => {
      if (clients.length > 0) {
        for (const client of clients) client.postMessage({ type: SEND_KEPT_ORDERS });
        return;
      }
      if (!(await sendKeptOrdersFromWorker()))
        throw new Error('A kept order is still waiting for the store.');
    }),
  );
});

const sameOrigin = (url: URL) => url.origin === self.location.origin;

/** The kept copy of a page, marked as one (it is used only when the network has not answered). */
async function markedCopy(response: Response): Promise<Response> {
  if (!(response.headers.get('content-type') ?? '').includes('text/html')) return response;
  const html = markKeptPage(await response.text(), fetchedAtOf(response));
  const headers = new Headers(response.headers);
  headers.delete('content-length');
  headers.delete('content-encoding');
  return new Response(html, { status: response.status, statusText: response.statusText, headers });
}

registerRoute(
  ({ request, url }) => request.mode === 'navigate' && sameOrigin(url) && pageRule(url) === 'kept',
  new NetworkFirst({
    cacheName: PAGES_CACHE,
    networkTimeoutSeconds: PAGE_NETWORK_TIMEOUT_SECONDS,
    plugins: [
      // A page that does not exist is kept too (its 404 is the answer), an error page is not.
      new CacheableResponsePlugin({ statuses: [200, 404] }),
      {
        cachedResponseWillBeUsed: async ({ cachedResponse }) => cachedResponse && markedCopy(cachedResponse),
      },
      new ExpirationPlugin({
        maxEntries: PAGES_MAX_ENTRIES,
        maxAgeSeconds: PAGES_MAX_AGE_SECONDS,
        purgeOnQuotaError: true,
      }),
    ],
  }),
);

registerRoute(
  ({ request, url }) => request.mode === 'navigate' && sameOrigin(url) && pageRule(url) === 'network-only',
  new NetworkOnly(),
);

registerRoute(
  ({ request, url }) => request.destination === 'image' && sameOrigin(url) && isStoreImage(url),
  new CacheFirst({
    cacheName: IMAGES_CACHE,
    plugins: [
      { cacheWillUpdate: ({ response }) => Promise.resolve(isKeptImage(response) ? response : null) },
      new ExpirationPlugin({
        maxEntries: IMAGES_MAX_ENTRIES,
        maxAgeSeconds: IMAGES_MAX_AGE_SECONDS,
        purgeOnQuotaError: true,
      }),
    ],
  }),
);

// A page that neither the network nor the cache can give: the store's own offline page, not the browser's.
setCatchHandler(async ({ request }) => {
  if (request.destination === 'document') return (await matchPrecache(OFFLINE_PAGE)) ?? Response.error();
  return Response.error();
});
