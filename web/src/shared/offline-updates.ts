import { showToast } from './toasts';

// A new version of the store's service worker, announced; loaded by offline-support.ts once a version is running.

export const UPDATE_READY = 'A new version of the store is ready — refresh';

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
