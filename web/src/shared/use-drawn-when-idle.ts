import { useCallback } from 'react';
import { useHydrated } from './use-hydrated';

/** Set on an element once it is drawn whole; until then its stylesheet may leave it to content-visibility. */
const DRAWN_ATTRIBUTE = 'data-drawn';

const waiting: HTMLElement[] = [];
let scheduled = false;

function whenIdle(run: () => void): void {
  if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(run, { timeout: 1000 });
  else setTimeout(run, 50);
}

// One element per idle period: each is then styled and laid out in a frame of its own, not all in one long task.
function drawNext(): void {
  const element = waiting.shift();
  element?.setAttribute(DRAWN_ATTRIBUTE, '');
  if (waiting.length > 0) whenIdle(drawNext);
  else scheduled = false;
}

/**
 * A part of a page the first frame leaves out (content-visibility: auto until the element has `data-drawn`), drawn
 * whole once the page is React's and the main thread is idle, so a page captured or read whole shows every part.
 * Parts wait in the order they mounted; one mounted later (another page, a new list) waits its turn too. Returns
 * the element's ref.
 */
export function useDrawnWhenIdle(): (element: HTMLElement | null) => (() => void) | undefined {
  const hydrated = useHydrated();
  return useCallback(
    (element: HTMLElement | null) => {
      if (!hydrated || element === null) return undefined;
      waiting.push(element);
      if (!scheduled) {
        scheduled = true;
        whenIdle(drawNext);
      }
      return () => {
        const at = waiting.indexOf(element);
        if (at >= 0) waiting.splice(at, 1);
      };
    },
    [hydrated],
  );
}
