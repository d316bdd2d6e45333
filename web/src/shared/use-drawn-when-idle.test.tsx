import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useDrawnWhenIdle } from './use-drawn-when-idle';

const appMark = document.documentElement.dataset.app;
let idle: Array<() => void> = [];
let root: Root | undefined;

beforeEach(() => {
  // Idle periods the test hands out one by one.
  idle = [];
  vi.stubGlobal('requestIdleCallback', (run: () => void) => idle.push(run));
  delete document.documentElement.dataset.app;
});

afterEach(() => {
  root?.unmount();
  root = undefined;
  vi.unstubAllGlobals();
  if (appMark === undefined) delete document.documentElement.dataset.app;
  else document.documentElement.dataset.app = appMark;
  document.body.replaceChildren();
});

function Part({ name }: { name: string }) {
  return <section ref={useDrawnWhenIdle()} data-name={name} />;
}

function Page({ second = true }: { second?: boolean }) {
  return (
    <>
      <Part name="latest" />
      {second ? <Part name="features" /> : null}
      <Part name="policies" />
    </>
  );
}

const drawn = (container: HTMLElement) =>
  [...container.querySelectorAll('section[data-drawn]')].map((part) => part.getAttribute('data-name'));

async function nextIdlePeriod(): Promise<void> {
  await vi.waitFor(() => expect(idle.length).toBeGreaterThan(0));
  idle.shift()!();
}

function hydratedPage(): HTMLElement {
  const container = document.body.appendChild(document.createElement('div'));
  container.innerHTML = renderToString(<Page />);
  root = hydrateRoot(container, <Page />);
  return container;
}

describe('useDrawnWhenIdle', () => {
  it('leaves the served parts to the browser, then draws them one idle period each, in order', async () => {
    const container = hydratedPage();
    expect(drawn(container)).toEqual([]);
    await nextIdlePeriod();
    expect(drawn(container)).toEqual(['latest']);
    await nextIdlePeriod();
    expect(drawn(container)).toEqual(['latest', 'features']);
    await nextIdlePeriod();
    expect(drawn(container)).toEqual(['latest', 'features', 'policies']);
    expect(idle).toEqual([]);
  });

  it('skips a part gone before its turn, and draws one mounted later', async () => {
    const container = hydratedPage();
    await nextIdlePeriod();
    root!.render(<Page second={false} />);
    await vi.waitFor(() => expect(container.querySelectorAll('section')).toHaveLength(2));
    await nextIdlePeriod();
    expect(drawn(container)).toEqual(['latest', 'policies']);
    expect(idle).toEqual([]);

    root!.render(<Page />);
    await vi.waitFor(() => expect(container.querySelectorAll('section')).toHaveLength(3));
    expect(container.querySelector('[data-name="features"]')!.hasAttribute('data-drawn')).toBe(false);
    await nextIdlePeriod();
    expect(drawn(container)).toEqual(['latest', 'features', 'policies']);
  });
});
