import { act } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useHydrated } from './use-hydrated';
import { usePageSettled } from './use-page-settled';

const appMark = document.documentElement.dataset.app;

afterEach(() => {
  vi.unstubAllGlobals();
  if (appMark === undefined) delete document.documentElement.dataset.app;
  else document.documentElement.dataset.app = appMark;
  document.body.replaceChildren();
});

function Probe({ renders }: { renders: string[] }) {
  const state = `${useHydrated() ? 'hydrated' : 'served'} ${usePageSettled() ? 'settled' : 'waiting'}`;
  renders.push(state);
  return <p>{state}</p>;
}

describe('usePageSettled', () => {
  it('turns true in an idle period after the loaded page has hydrated, and a page mounted later starts true', async () => {
    // Idle periods the test hands out; the page (jsdom's) has loaded.
    const idle: Array<() => void> = [];
    vi.stubGlobal('requestIdleCallback', (run: () => void) => idle.push(run));
    delete document.documentElement.dataset.app;
    const served: string[] = [];
    const container = document.body.appendChild(document.createElement('div'));
    container.innerHTML = renderToString(<Probe renders={served} />);
    expect(container.textContent).toBe('served waiting');

    const root = hydrateRoot(container, <Probe renders={[]} />);
    await vi.waitFor(() => expect(container.textContent).toBe('hydrated waiting'));
    // Hydration is done, the idle period is not: the media still waits.
    await vi.waitFor(() => expect(idle).toHaveLength(1));
    expect(container.textContent).toBe('hydrated waiting');
    act(() => idle.shift()!());
    await vi.waitFor(() => expect(container.textContent).toBe('hydrated settled'));
    expect(idle).toEqual([]);

    // Another page of the same visit, once the app is live.
    document.documentElement.dataset.app = 'ready';
    const later: string[] = [];
    const next = createRoot(document.body.appendChild(document.createElement('div')));
    act(() => next.render(<Probe renders={later} />));
    expect(later[0]).toBe('hydrated settled');
    next.unmount();
    root.unmount();
  });
});
