import { pageRule } from '../service-worker/offline-rules';

const RELOADED_AT = 'store.offline-reload';
/** A second failure this soon after the reload is the kept copy failing too: no loop. */
const RELOAD_GUARD_MS = 10_000;

/**
 * Offline, a page the service worker keeps is asked for as a whole page (load-failed.tsx): the worker answers
 * with the copy it kept when the shopper saw it (marked with its time) or with the store's offline page, so a
 * link followed inside the app opens what a reload would.
 */
export function openKeptCopy(): void {
  if (!('serviceWorker' in navigator) || navigator.serviceWorker.controller === null) return;
  if (pageRule(new URL(window.location.href)) !== 'kept') return;
  if (Date.now() - Number(sessionStorage.getItem(RELOADED_AT) ?? 0) < RELOAD_GUARD_MS) return;
  sessionStorage.setItem(RELOADED_AT, String(Date.now()));
  window.location.reload();
}
