// Shared setup for the web component tests (jsdom).
import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { setSearchVisibility } from '../features/collection/search-visibility';
import { clearSessionToken, setHostedSession } from '../shared/session/session-store';
import { apolloClient } from '../graphql/apollo-client';

// The first visit to a lazy page transforms its module graph; on a busy machine that can exceed the 1 s default.
configure({ asyncUtilTimeout: 3000 });

// Vitest runs without globals, so Testing Library cannot register its own cleanup.
afterEach(async () => {
  cleanup();
  // Each test starts with an empty cache; requests still in flight are dropped with it.
  await apolloClient.clearStore();
  vi.unstubAllGlobals();
  clearSessionToken();
  setHostedSession(null);
  setSearchVisibility(true);
  window.localStorage.clear();
  Object.defineProperty(window, 'scrollY', { configurable: true, value: 0 });
});

// jsdom has no media playback or scrolling; the components only need these calls not to throw.
Object.defineProperty(HTMLMediaElement.prototype, 'play', { configurable: true, value: () => Promise.resolve() });
Object.defineProperty(HTMLMediaElement.prototype, 'pause', { configurable: true, value: () => undefined });
Object.defineProperty(window, 'scrollTo', { configurable: true, value: () => undefined });
