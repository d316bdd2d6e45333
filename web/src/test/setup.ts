// Shared setup for the web component tests (jsdom).
import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import type { ApolloClient } from '@apollo/client';
import { afterEach, beforeEach, vi } from 'vitest';
import { setSearchVisibility } from '../features/collection/search-visibility';
import { clearSessionToken, setHostedSession } from '../shared/session/session-store';
import { loadSonner, sonnerWanted } from '../shared/toasts';
import { createApolloClient } from '../graphql/apollo-client';

// The first visit to a lazy page transforms its module graph; a busy machine can exceed the 1 s default.
configure({ asyncUtilTimeout: 3000 });

// Each test gets its own Apollo Client as the app's one client (graphql/apollo-client.ts), so nothing a test
// queried or watched reaches the next.
// Kept on globalThis: the files of a worker share their modules (isolate: false), so the mocked module of the
// worker's first file is every later file's too, and must read the client this file's tests make.
const testClient = vi.hoisted(() => {
  const shared = globalThis as { webTestClient?: { current: ApolloClient | undefined } };
  return (shared.webTestClient ??= { current: undefined });
});
vi.mock('../graphql/apollo-client', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../graphql/apollo-client')>();
  return {
    ...actual,
    get apolloClient() {
      testClient.current ??= actual.createApolloClient();
      return testClient.current;
    },
  };
});

beforeEach(() => {
  testClient.current = createApolloClient();
});

// Vitest runs without globals, so Testing Library cannot register its own cleanup.
afterEach(async () => {
  cleanup();
  // Sonner keeps its toasts in its module and shows them to the next <Toaster> mounted: they end with the test.
  if (sonnerWanted()) (await loadSonner()).toast.dismiss();
  // Requests still in flight are dropped with the test's client.
  testClient.current?.stop();
  // A spy (on crypto.randomUUID, on console) ends with its test.
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  clearSessionToken();
  setHostedSession(null);
  setSearchVisibility(true);
  window.localStorage.clear();
  Object.defineProperty(window, 'scrollY', { configurable: true, value: 0 });
});

// jsdom has no media playback or scrolling; the components only need these calls not to throw.
Object.defineProperty(HTMLMediaElement.prototype, 'play', {
  configurable: true,
  value: () => Promise.resolve(),
});
Object.defineProperty(HTMLMediaElement.prototype, 'pause', { configurable: true, value: () => undefined });
Object.defineProperty(window, 'scrollTo', { configurable: true, value: () => undefined });
