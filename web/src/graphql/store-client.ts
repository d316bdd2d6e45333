import type { ApolloClient } from '@apollo/client';
import { useSyncExternalStore } from 'react';
import { createListeners } from '../shared/listeners';
import { HydrationClient, type ServerResult } from './hydration-client';

// Which GraphQL client the app is on: the stand-in that answers from the page's own results (hydration-client.ts)
// until the store's Apollo Client is needed, then that one for the rest of the visit.

let client: Promise<ApolloClient> | undefined;
let hydration = new HydrationClient([], loadApolloClient, handedOver);
let current: ApolloClient | undefined;
let pageHydrated = false;
const { subscribe, emit } = createListeners();

/**
 * The store's Apollo Client, loaded on first call (a chunk of its own, which a first visit may never need). A
 * failure is not shown here: whoever needed the client says so (a machine's toast, the stand-in's for the hooks),
 * so the shopper sees it once.
 */
export function loadApolloClient(): Promise<ApolloClient> {
  client ??= import('./apollo-client').then(
    ({ apolloClient }) => {
      hydration.primeCache(apolloClient);
      handOver(apolloClient);
      return apolloClient;
    },
    (error: unknown) => {
      // Offline, or a new deployment replaced the chunk: the next need tries again.
      client = undefined;
      throw error;
    },
  );
  return client;
}

/** The results the served page was rendered from, for the hooks' first render (main.tsx, before hydrating). */
export function hydrateFrom(results: readonly ServerResult[]): void {
  hydration = new HydrationClient(results, loadApolloClient, handedOver);
}

/**
 * Called once the routed page has hydrated (app-shell.tsx). The hooks move to the real client only after it: a
 * new client is a context change, and a context change reaching a part React has not hydrated yet (a page whose
 * chunk is still loading) makes React throw its server markup away and show the fallback.
 */
export function markPageHydrated(): void {
  pageHydrated = true;
  void client?.then(handOver, () => undefined);
}

function handOver(apolloClient: ApolloClient): void {
  if (!pageHydrated || current !== undefined) return;
  current = apolloClient;
  emit();
}

function handedOver(): Promise<ApolloClient> {
  if (current) return Promise.resolve(current);
  return new Promise((resolve) => {
    const stop = subscribe(() => {
      stop();
      if (current) resolve(current);
    });
  });
}

// The stand-in implements what Apollo's hooks call on a client (checked by hydration-client.test.ts and the browser
// tests of a hydrated page); it is not an ApolloClient, which is a class with private fields.
const asClient = (standIn: HydrationClient) => standIn as unknown as ApolloClient;

/** The client for ApolloProvider: the stand-in, then the store's own. */
export function useStoreClient(): ApolloClient {
  return useSyncExternalStore(
    subscribe,
    () => current ?? asClient(hydration),
    () => current ?? asClient(hydration),
  );
}
