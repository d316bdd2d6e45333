import { showToast } from './toasts';

// The store's service worker (web/src/service-worker/sw.ts, docs/decisions/026) is registered once the app is live
// and the browser idle: its downloads (the app's code for offline use) never compete with a first visit's.

export const UPDATE_READY = 'A new version of the store is ready — refresh';

export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const register = () => {
    navigator.serviceWorker
      .register('/sw.js')
      .then(announceUpdates)
      .catch((error: unknown) => {
        // The store works without it (a private window, a browser that refuses workers): nothing to tell.
        console.warn('[service worker] not registered:', error);
      });
  };
  if ('requestIdleCallback' in window) requestIdleCallback(register, { timeout: 5_000 });
  else setTimeout(register, 2_000);
}

/**
 * A new version installed beside the one this tab runs is announced, never applied by itself: a checkout in
 * progress is not reloaded under the shopper. REFRESH moves every tab to it and reloads this one.
 */
export function announceUpdates(registration: ServiceWorkerRegistration): void {
  const announce = (worker: ServiceWorker) => {
    showToast('info', UPDATE_READY, {
      label: 'Refresh',
      onClick: () => {
        navigator.serviceWorker.addEventListener('controllerchange', () => window.location.reload(), {
          once: true,
        });
        worker.postMessage({ type: 'SKIP_WAITING' });
      },
    });
  };
  // No controller: this is the first version, nothing to replace.
  if (navigator.serviceWorker.controller === null) return;
  if (registration.waiting) announce(registration.waiting);
  registration.addEventListener('updatefound', () => {
    const installing = registration.installing;
    installing?.addEventListener('statechange', () => {
      if (installing.state === 'installed') announce(installing);
    });
  });
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
