import { startTransition, useEffect, useState } from 'react';
import { useHydrated } from './use-hydrated';

const pageHasLoaded = () => document.readyState === 'complete';

/**
 * False until the page's load event: heavy media that is not needed for the first paint (the hero videos,
 * whose posters stand in for them) waits for it, so it never competes with the HTML, styles, fonts and
 * scripts. False while prerendering and hydrating too, so the server HTML and the first client render agree;
 * like useHydrated, it turns true in a transition.
 */
export function usePageLoaded(): boolean {
  const hydrated = useHydrated();
  const [loaded, setLoaded] = useState(() => typeof document !== 'undefined' && pageHasLoaded());
  useEffect(() => {
    if (loaded) return;
    const done = () => startTransition(() => setLoaded(true));
    if (pageHasLoaded()) {
      done();
      return;
    }
    window.addEventListener('load', done, { once: true });
    return () => window.removeEventListener('load', done);
  }, [loaded]);
  return hydrated && loaded;
}
