import { useSyncExternalStore } from 'react';
import { createListeners } from '../../shared/listeners';

// The spec's shared `showSearch` flag: the nav's search icon toggles it, the collection shows the search box
// while it is on. It starts on, and survives navigation (a module-level store, not component state).
let showSearch = true;
const { subscribe, emit } = createListeners();

export function toggleSearchVisibility(): void {
  showSearch = !showSearch;
  emit();
}

export function setSearchVisibility(visible: boolean): void {
  if (showSearch === visible) return;
  showSearch = visible;
  emit();
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
