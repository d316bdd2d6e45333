import { startTransition, useEffect, useState } from 'react';
import { inIdlePeriod } from './idle-queue';
import { pageHasHydrated, useHydrated } from './use-hydrated';

const pageHasLoaded = () => document.readyState === 'complete';

/**
 * False until the page has loaded, React has hydrated it and the main thread has then had an idle period
 * (idle-queue.ts): heavy media that is not needed for the first paint (the hero videos, whose posters stand in for
 * them) waits for it, so it never competes with the HTML, styles, fonts and scripts, nor its decoding with
 * hydration. False while prerendering and hydrating too, so the server HTML and the first client render agree; it
 * turns true in a transition. A page mounted once the app is live (another page of the visit) is settled at once.
 */
export function usePageSettled(): boolean {
  const hydrated = useHydrated();
  const [settled, setSettled] = useState(() => pageHasHydrated() && pageHasLoaded());
  useEffect(() => {
    if (settled || !hydrated) return;
    let cancel = () => {};
    const queue = () => {
      cancel = inIdlePeriod(() => startTransition(() => setSettled(true)));
    };
    if (pageHasLoaded()) queue();
    else window.addEventListener('load', queue, { once: true });
    return () => {
      window.removeEventListener('load', queue);
      cancel();
    };
  }, [settled, hydrated]);
  return hydrated && settled;
}
