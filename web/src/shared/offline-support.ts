// The store's service worker (web/src/service-worker/sw.ts, docs/decisions/026) is registered once the app is live
// and the browser idle: its downloads (the app's code for offline use) never compete with a first visit's.

export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const register = () => {
    navigator.serviceWorker
      .register('/sw.js')
      // A first visit has nothing to replace: the announcement's code loads only once a version is running.
      .then((registration) =>
        navigator.serviceWorker.controller === null
          ? undefined
          : import('./offline-updates').then(({ announceUpdates }) => announceUpdates(registration)),
      )
      .catch((error: unknown) => {
        // The store works without it (a private window, a browser that refuses workers): nothing to tell.
        console.warn('[service worker] not registered:', error);
      });
  };
  if ('requestIdleCallback' in window) requestIdleCallback(register, { timeout: 5_000 });
  else setTimeout(register, 2_000);
}

let storageAsked = false;

/** Once the shopper has a cart, the browser is asked not to clear the store's data under storage pressure. */
export function keepStorageForTheCart(): void {
  // Absent outside a secure context (a shop tried over plain http on the network).
  if (storageAsked || !('storage' in navigator)) return;
  storageAsked = true;
  void navigator.storage
    .persisted()
    .then((persisted) => (persisted ? true : navigator.storage.persist()))
    .catch(() => false);
}
