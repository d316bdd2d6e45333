import { useCallback } from 'react';
import { inIdlePeriod } from './idle-queue';
import { useHydrated } from './use-hydrated';

/** Set on an element once it is drawn whole; until then its stylesheet may leave it to content-visibility. */
const DRAWN_ATTRIBUTE = 'data-drawn';

/**
 * A part of a page the first frame leaves out (content-visibility: auto until the element has `data-drawn`), drawn
 * whole once the page is React's and the main thread is idle, so a page captured or read whole shows every part.
 * Each part takes an idle period of its own (idle-queue.ts), in the order they mounted; one mounted later (another
 * page, a new list) waits its turn too. Returns the element's ref.
 */
export function useDrawnWhenIdle(): (element: HTMLElement | null) => (() => void) | undefined {
  const hydrated = useHydrated();
  return useCallback(
    (element: HTMLElement | null) => {
      if (!hydrated || element === null) return undefined;
      return inIdlePeriod(() => element.setAttribute(DRAWN_ATTRIBUTE, ''));
    },
    [hydrated],
  );
}
