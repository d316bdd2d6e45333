import { useSyncExternalStore } from 'react';

function subscribe(onChange: () => void): () => void {
  window.addEventListener('load', onChange);
  return () => window.removeEventListener('load', onChange);
}

/**
 * False until the page's load event: heavy media that is not needed for the first paint (the hero videos,
 * whose posters stand in for them) waits for it, so it never competes with the HTML, styles, fonts and
 * scripts. False while prerendering and hydrating too, so the server HTML and the first client render agree.
 */
export function usePageLoaded(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => document.readyState === 'complete',
    () => false,
  );
}
