import { useSyncExternalStore } from 'react';

// The spec's shared `showSearch` flag: the nav's search icon toggles it, the collection shows the search box
// while it is on. It starts on, and survives navigation (a module-level store, not component state).
let showSearch = true;
const listeners = new Set<() => void>();

export function toggleSearchVisibility(): void {
  showSearch = !showSearch;
  for (const listener of listeners) listener();
}

export function setSearchVisibility(visible: boolean): void {
  if (showSearch === visible) return;
  showSearch = visible;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useSearchVisibility(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => showSearch,
    () => true,
  );
}

export function isCollectionRoute(pathname: string): boolean {
  return pathname === '/collection' || pathname.startsWith('/collection/');
}
