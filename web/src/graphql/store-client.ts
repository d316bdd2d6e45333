import type { ApolloClient } from '@apollo/client';
import { useEffect, useSyncExternalStore } from 'react';
import { createListeners } from '../shared/listeners';
import { ServerResultsClient, type ServerResult } from './server-results-client';
import { lacksNothing } from './stand-in-guard';

// Which GraphQL client the app is on: the stand-in that serves the page's own results
// (server-results-client.ts) until the store's Apollo Client is needed, then that one.

// The stand-in implements what Apollo's hooks call on a client (checked by server-results-client.test.tsx and
// the browser tests); it is not an ApolloClient, a class with private fields.
const asClient = (standIn: ServerResultsClient) =>
  lacksNothing(standIn, 'ApolloClient') as unknown as ApolloClient;

let clientModule: Promise<typeof import('./apollo-client')> | undefined;
let serverResults = new ServerResultsClient([], loadApolloClient, handedOver);
let standIn = asClient(serverResults);
let current: ApolloClient | undefined;
/** The real client once the hooks are on it: set after the commit that gave it to them. */
let inUse: ApolloClient | undefined;
let pageHydrated = false;
const { subscribe, emit } = createListeners();
const inUseListeners = createListeners();

/**
 * The store's Apollo Client, loaded on first call (its own chunk). A failure is shown by whoever needed the
 * client (a machine's toast, the stand-in's for the hooks), so the shopper sees it once.
 */
export function loadApolloClient(): Promise<ApolloClient> {
  clientModule ??= import('./apollo-client').then(
    (loaded) => {
      serverResults.primeCache(loaded.apolloClient);
      handOver(loaded.apolloClient);
      return loaded;
    },
    (error: unknown) => {
      // Offline, or a new deployment replaced the chunk: the next need tries again.
      clientModule = undefined;
      throw error;
    },
  );
  // Read from the module on each call (one client per visit; the web tests give each test its own).
  return clientModule.then((loaded) => loaded.apolloClient);
}

/** The results the served page was rendered from, for the hooks' first render (main.tsx). */
export function hydrateFrom(results: readonly ServerResult[]): void {
  serverResults = new ServerResultsClient(results, loadApolloClient, handedOver);
  standIn = asClient(serverResults);
}

/**
 * Called once the routed page has hydrated (app-shell.tsx). The hooks move to the real client only after it:
 * a context change reaching a part React has not hydrated yet (a page whose chunk is still loading) makes
 * React throw its server markup away and show the fallback.
 */
export function markPageHydrated(): void {
  pageHydrated = true;
  void clientModule?.then(
    ({ apolloClient }) => handOver(apolloClient),
    () => undefined,
  );
}

function handOver(apolloClient: ApolloClient): void {
  if (!pageHydrated || current !== undefined) return;
  current = apolloClient;
  emit();
}

/** Resolves with the real client once every hook is on it (for the stand-in's refetch and fetchMore). */
function handedOver(): Promise<ApolloClient> {
  if (inUse) return Promise.resolve(inUse);
  return new Promise((resolve) => {
    const stop = inUseListeners.subscribe(() => {
      stop();
      if (inUse) resolve(inUse);
    });
  });
}

/** The client for ApolloProvider: the stand-in, then the store's own. */
export function useStoreClient(): ApolloClient {
  const provided = useSyncExternalStore(
    subscribe,
    () => current ?? standIn,
    () => current ?? standIn,
  );
  // The hooks below subscribe their new observables in their own effects, which run before this one
  // (children's effects first): then each hook's query is on the real client.
  useEffect(() => {
    if (provided !== current || inUse !== undefined) return;
    inUse = provided;
    inUseListeners.emit();
  }, [provided]);
  return provided;
}
