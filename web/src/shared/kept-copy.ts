import { PAGES_CACHE, pageRule } from '../service-worker/offline-rules';

const RELOADED_AT = 'store.offline-reload';
/** A second failure this soon after the reload is the kept copy failing too: no loop. */
const RELOAD_GUARD_MS = 10_000;

/**
 * Offline, a page the service worker has kept is asked for as a whole page (load-failed.tsx): the worker answers
 * with the copy it kept when the shopper saw it, marked with its time, so a link followed inside the app opens
 * what a reload would. A page it does not keep stays as it is, with its own failure and Try again.
 */
export async function openKeptCopy(): Promise<void> {
  if (!('serviceWorker' in navigator) || navigator.serviceWorker.controller === null) return;
  if (pageRule(new URL(window.location.href)) !== 'kept') return;
  if (Date.now() - Number(sessionStorage.getItem(RELOADED_AT) ?? 0) < RELOAD_GUARD_MS) return;
  if (!(await caches.match(window.location.href, { cacheName: PAGES_CACHE }))) return;
  sessionStorage.setItem(RELOADED_AT, String(Date.now()));
  window.location.reload();
}
