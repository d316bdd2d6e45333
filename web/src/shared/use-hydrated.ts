import { useSyncExternalStore } from 'react';

const subscribeNever = () => () => undefined;

/**
 * False while prerendering and during hydration, true after. Screens that show what only the browser knows
 * (the stored cart, the session) render their placeholder until then, so hydration matches the HTML.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribeNever,
    () => true,
    () => false,
  );
}
