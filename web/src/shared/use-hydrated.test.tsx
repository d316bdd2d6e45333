import { useEffect } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { clearSessionToken, setSessionToken, useSessionToken } from './session/session-store';
import { usePageSettled } from './use-page-settled';
import { useHydrated } from './use-hydrated';

const actEnvironment = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
const inAct = actEnvironment.IS_REACT_ACT_ENVIRONMENT;
const appMark = document.documentElement.dataset.app;

afterEach(() => {
  actEnvironment.IS_REACT_ACT_ENVIRONMENT = inAct;
  if (appMark === undefined) delete document.documentElement.dataset.app;
  else document.documentElement.dataset.app = appMark;
  document.body.replaceChildren();
  clearSessionToken();
});

describe('after hydration', () => {
  it("shows what only the browser knows in a later task, not in hydration's own", async () => {
    // As the browser runs it: no act() to flush the work early, and no page made ready before (another test's).
    actEnvironment.IS_REACT_ACT_ENVIRONMENT = false;
    delete document.documentElement.dataset.app;
    // A shopper signed in on this device: the server renders everyone signed out.
    setSessionToken('stored-token');
    const container = document.body.appendChild(document.createElement('div'));
    const seen: string[] = [];
    function Probe() {
      const hydrated = useHydrated();
      const loaded = usePageSettled();
      const token = useSessionToken();
      useEffect(() => {
        // What the page shows once hydration's effects have run, before anything else does.
        queueMicrotask(() => seen.push(container.textContent));
      }, []);
      return (
        <p>{`${hydrated ? 'browser' : 'server'} ${loaded ? 'loaded' : 'loading'} ${token ?? 'nobody'}`}</p>
      );
    }
    container.innerHTML = renderToString(<Probe />);
    expect(container.textContent).toBe('server loading nobody');
    const root = hydrateRoot(container, <Probe />);
    await expect.poll(() => container.textContent).toBe('browser loaded stored-token');
    // A store whose browser value differs from the server's (useSyncExternalStore) would have re-rendered it
    // synchronously, in the task that ran hydration's effects: one long task on a phone.
    expect(seen).toEqual(['server loading nobody']);
    root.unmount();
  });
});
