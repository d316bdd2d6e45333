import {
  startTransition,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  useSyncExternalStore,
  type RefObject,
} from 'react';

/**
 * Whether the first page has hydrated (`html[data-app]`, app-shell.tsx: "hydrated" as soon as the routed page has,
 * "ready" once its controls are live): a screen mounted later, some in the very transition that ends hydration,
 * starts hydrated.
 */
export const pageHasHydrated = () =>
  typeof document !== 'undefined' && document.documentElement.dataset.app !== undefined;

/**
 * False while prerendering and during hydration, true after. Screens that show what only the browser knows
 * (the stored cart, the session) render their placeholder until then, so hydration matches the HTML. The
 * change comes as a transition, rendered in slices: a store whose browser value differs from the server's
 * (useSyncExternalStore) would re-render every such screen in one synchronous task right after hydration.
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(pageHasHydrated);
  useEffect(() => {
    if (!hydrated) startTransition(() => setHydrated(true));
  }, [hydrated]);
  return hydrated;
}

/**
 * useSyncExternalStore that reads the browser's value only once hydrated (useHydrated's transition), the
 * server's until then: a browser value differing from the server's would otherwise re-render every reader in one
 * synchronous task right after hydration. `onServer` returns the same value each call.
 */
export function useStoreOnceHydrated<T>(
  subscribe: (onChange: () => void) => () => void,
  read: () => T,
  onServer: () => T,
): T {
  const hydrated = useHydrated();
  return useSyncExternalStore(subscribe, hydrated ? read : onServer, onServer);
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
