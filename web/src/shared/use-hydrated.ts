import { useLayoutEffect, useRef, useSyncExternalStore, type RefObject } from 'react';

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

/**
 * A served page's input takes typing, and a password manager's autofill, before the app's code arrives. React
 * keeps that text as it hydrates, but the state it renders from does not have it, so the next render would
 * clear the box: the text is handed to `adopt` once, as the input first mounts.
 */
export function useTypedBeforeApp(
  input: RefObject<HTMLInputElement | null>,
  value: string,
  adopt: (typed: string) => void,
): void {
  const rendered = useRef({ value, adopt });
  useLayoutEffect(() => {
    const typed = input.current?.value;
    if (typed !== undefined && typed !== rendered.current.value) rendered.current.adopt(typed);
  }, [input]);
}
