import { useEffect, useState } from 'react';
import type { CollectionParams } from '../collection-params';
import type { KeptView } from './kept-view';

/**
 * When the store cannot be reached, the view over the products seen on this device (kept-view.ts, loaded only
 * then); `refetch` runs when the connection is back, so the store's own answer replaces it.
 */
export function useKeptView(
  view: CollectionParams,
  unreachable: boolean,
  refetch: () => Promise<unknown>,
): KeptView | undefined {
  const [kept, setKept] = useState<{ view: CollectionParams; shown: KeptView }>();
  useEffect(() => {
    if (!unreachable) return;
    const left = new AbortController();
    const gone = () => left.signal.aborted;
    void import('./kept-view').then(async ({ keptView, whenBackOnline }) => {
      if (gone()) return;
      const stop = whenBackOnline(() => void refetch().catch(() => undefined));
      left.signal.addEventListener('abort', stop);
      const shown = await keptView(view);
      if (shown && !gone()) setKept({ view, shown });
    });
    return () => left.abort();
  }, [view, unreachable, refetch]);
  return unreachable && kept?.view === view ? kept.shown : undefined;
}
