import { useSyncExternalStore } from 'react';

const QUERY = '(prefers-reduced-motion: reduce)';

// Without matchMedia (old browsers, jsdom) nothing is known, so motion is treated as unwanted: the safe side.
function getSnapshot(): boolean {
  if (typeof window.matchMedia !== 'function') return true;
  return window.matchMedia(QUERY).matches;
}

function subscribe(onChange: () => void): () => void {
  if (typeof window.matchMedia !== 'function') return () => undefined;
  const list = window.matchMedia(QUERY);
  list.addEventListener('change', onChange);
  return () => list.removeEventListener('change', onChange);
}

/** `onServer`: what the server's HTML (and so hydration) assumes; unwanted unless a caller needs otherwise. */
export function usePrefersReducedMotion(onServer = true): boolean {
  return useSyncExternalStore(subscribe, getSnapshot, () => onServer);
}
