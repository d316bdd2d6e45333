import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { keepStorageForTheCart } from './offline-support';
import { announceUpdates, UPDATE_READY } from './offline-updates';
import { ToastHost } from './toast-host';
import { findToast } from '../test/toasts';

/** A worker as the page sees it: its state, and the messages posted to it. */
class FakeWorker extends EventTarget {
  state = 'installing';
  readonly posted: unknown[] = [];
  postMessage(message: unknown) {
    this.posted.push(message);
  }
  install() {
    this.state = 'installed';
    this.dispatchEvent(new Event('statechange'));
  }
}

class FakeRegistration extends EventTarget {
  waiting: FakeWorker | null = null;
  installing: FakeWorker | null = null;
  found(worker: FakeWorker) {
    this.installing = worker;
    this.dispatchEvent(new Event('updatefound'));
  }
}

function pageControlledBy(controller: object | null): EventTarget {
  const container = Object.assign(new EventTarget(), { controller });
  Object.defineProperty(navigator, 'serviceWorker', { value: container, configurable: true });
  return container;
}

const registration = (fake: FakeRegistration) => fake as unknown as ServiceWorkerRegistration;

afterEach(() => {
  Reflect.deleteProperty(navigator, 'serviceWorker');
  Reflect.deleteProperty(navigator, 'storage');
});

describe('a new version of the store', () => {
  it('is not announced on the first visit, when no version runs the page yet', async () => {
    pageControlledBy(null);
    render(<ToastHost />);
    const fake = new FakeRegistration();
    fake.waiting = new FakeWorker();
    announceUpdates(registration(fake));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByText(UPDATE_READY)).toBeNull();
  });

  it('is announced when it has installed, and only REFRESH moves the store to it', async () => {
    pageControlledBy({});
    render(<ToastHost />);
    const fake = new FakeRegistration();
    announceUpdates(registration(fake));
    const next = new FakeWorker();
    fake.found(next);
    expect(screen.queryByText(UPDATE_READY)).toBeNull();
    next.install();
    await findToast(UPDATE_READY);
    expect(next.posted).toEqual([]);
    // A click, not a pointer sequence: sonner's swipe handling needs pointer capture, which jsdom lacks.
    fireEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(next.posted).toEqual([{ type: 'SKIP_WAITING' }]);
  });

  it('already waiting when the page opens is announced too', async () => {
    pageControlledBy({});
    render(<ToastHost />);
    const fake = new FakeRegistration();
    fake.waiting = new FakeWorker();
    announceUpdates(registration(fake));
    await waitFor(() => expect(screen.getByText(UPDATE_READY)).toBeVisible());
  });
});

describe('keeping the store’s data on the device', () => {
  it('asks the browser once, and not again when it already keeps it', async () => {
    const persist = vi.fn(() => Promise.resolve(true));
    const persisted = vi.fn(() => Promise.resolve(false));
    Object.defineProperty(navigator, 'storage', { value: { persist, persisted }, configurable: true });
    keepStorageForTheCart();
    keepStorageForTheCart();
    await waitFor(() => expect(persist).toHaveBeenCalledTimes(1));
    expect(persisted).toHaveBeenCalledTimes(1);
  });
});
