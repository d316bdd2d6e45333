import { readFileSync } from 'node:fs';
import { ApolloProvider, skipToken, useQuery } from '@apollo/client/react';
import { act, type ReactNode } from 'react';
import type { ApolloClient } from '@apollo/client';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { mockGraphQL } from '../test/graphql-mock';
import { cardProduct } from '../test/fixtures';
import { apolloClient } from './apollo-client';
import { LatestProductsDocument } from '../test/fixtures';
import { ServerResultsClient, type ServerResult } from './server-results-client';
import { lacksNothing } from './stand-in-guard';

/** The @apollo/client whose hooks the stand-in was checked against (docs/decisions/017-first-visit-without-the-client.md). */
const CHECKED_APOLLO_CLIENT = '4.3.8';

// Apollo's own useQuery on the stand-in, as a first visit runs it, and then on the real client it is handed to.
const served: ServerResult = {
  operationName: 'LatestProducts',
  variables: { limit: 4 },
  data: { latestProducts: [cardProduct('p1', 'Court Runner', 1499), cardProduct('p2', 'Trail Mocc', 899)] },
};

function Latest({ limit }: { limit: number }) {
  const { data, loading } = useQuery(LatestProductsDocument, { variables: { limit } });
  if (loading) return <p>loading</p>;
  return <p>{data?.latestProducts.map((product) => product.name).join(', ')}</p>;
}

// As the cart page asks for its products: skipped while the cart is empty.
function Skippable({ limit }: { limit: number | undefined }) {
  const { data, loading } = useQuery(
    LatestProductsDocument,
    limit === undefined ? skipToken : { variables: { limit } },
  );
  if (loading) return <p>loading</p>;
  return <p>{data ? data.latestProducts.map((product) => product.name).join(', ') : 'skipped'}</p>;
}

/** `ui` under a provider of `client`, as main.tsx provides the stand-in or the real one. */
const on = (client: ApolloClient, ui: ReactNode) => <ApolloProvider client={client}>{ui}</ApolloProvider>;

function standIn(
  results: readonly ServerResult[],
  loadClient = vi.fn(() => Promise.resolve(apolloClient)),
  handedOver = () => Promise.resolve(apolloClient),
) {
  const client = new ServerResultsClient(results, loadClient, handedOver);
  return { client, loadClient, asClient: lacksNothing(client, 'ApolloClient') as unknown as ApolloClient };
}

describe('the stand-in and the Apollo it stands in for', () => {
  it('was checked against the installed @apollo/client', () => {
    const installed = (
      JSON.parse(readFileSync('node_modules/@apollo/client/package.json', 'utf8')) as { version: string }
    ).version;
    expect(
      installed,
      `@apollo/client is now ${installed}: re-check what its hooks call on a client and an ObservableQuery against ` +
        'web/src/graphql/server-results-client.ts (docs/decisions/017-first-visit-without-the-client.md), then update CHECKED_APOLLO_CLIENT.',
    ).toBe(CHECKED_APOLLO_CLIENT);
  });

  it('names a member it lacks when Apollo asks for one (in development builds and tests)', () => {
    const { asClient } = standIn([served]);
    expect(() => (asClient as unknown as Record<string, unknown>).getObservableQueries).toThrow(
      /stand-in for ApolloClient lacks "getObservableQueries"/,
    );
    const query = asClient.watchQuery({
      query: LatestProductsDocument,
      variables: { limit: 4 },
    }) as unknown as Record<string, unknown>;
    expect(() => query.subscribeToMore).not.toThrow();
    expect(() => query.hasObservers).toThrow(/stand-in for ObservableQuery lacks "hasObservers"/);
  });
});

describe('the stand-in client of a first visit', () => {
  it('answers a query the page was rendered with, with no request and without loading the client', () => {
    const requests = mockGraphQL([]);
    const { asClient, loadClient } = standIn([served]);
    render(on(asClient, <Latest limit={4} />));
    expect(screen.getByText('Court Runner, Trail Mocc')).toBeVisible();
    expect(requests).toEqual([]);
    expect(loadClient).not.toHaveBeenCalled();
  });

  it('sends for the client when asked for anything else, and shows it loading meanwhile', () => {
    mockGraphQL([]);
    const { asClient, loadClient } = standIn([served]);
    render(on(asClient, <Latest limit={8} />));
    expect(screen.getByText('loading')).toBeVisible();
    expect(loadClient).toHaveBeenCalled();
  });

  it('a query that starts skipped, once asked for something the page was not rendered with, sends for the client', () => {
    mockGraphQL([]);
    const { asClient, loadClient } = standIn([served]);
    const { rerender } = render(on(asClient, <Skippable limit={undefined} />));
    expect(screen.getByText('skipped')).toBeVisible();
    expect(loadClient).not.toHaveBeenCalled();
    rerender(on(asClient, <Skippable limit={8} />));
    expect(screen.getByText('loading')).toBeVisible();
    expect(loadClient).toHaveBeenCalled();
  });

  it('hands the hooks to the real client with what they read already in its cache: the same data, no request', async () => {
    const requests = mockGraphQL([]);
    const { client, asClient } = standIn([served]);
    const { rerender } = render(on(asClient, <Latest limit={4} />));
    client.primeCache(apolloClient);
    rerender(on(apolloClient, <Latest limit={4} />));
    expect(screen.getByText('Court Runner, Trail Mocc')).toBeVisible();
    // A tick for any fetch the real client would have started.
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(requests).toEqual([]);
    expect(screen.getByText('Court Runner, Trail Mocc')).toBeVisible();
  });

  it('a refetch asked of the stand-in is done on the hook’s observable of the real client, once the hooks are on it', async () => {
    mockGraphQL([]);
    let handOver: (client: ApolloClient) => void = () => undefined;
    const handedOver = new Promise<ApolloClient>((resolve) => (handOver = resolve));
    const { asClient, client } = standIn([served], undefined, () => handedOver);
    let asked: Promise<unknown> = Promise.resolve();
    function Refetchable() {
      const query = useQuery(LatestProductsDocument, { variables: { limit: 4 } });
      return (
        <button
          onClick={() => {
            asked = query.refetch();
          }}
        >
          {query.data?.latestProducts.length ?? 0} shoes
        </button>
      );
    }
    const { rerender } = render(on(asClient, <Refetchable />));
    fireEvent.click(screen.getByRole('button', { name: '2 shoes' }));
    client.primeCache(apolloClient);
    rerender(on(apolloClient, <Refetchable />));
    const onReal = [...apolloClient.getObservableQueries('all')].find(
      (query) => query.queryName === 'LatestProducts',
    );
    expect(onReal).toBeDefined();
    const real = vi.spyOn(onReal!, 'refetch').mockResolvedValue({ data: served.data });
    await act(async () => {
      handOver(apolloClient);
      await asked;
    });
    expect(real).toHaveBeenCalledTimes(1);
  });

  it('does what the client itself is asked (here a reset) on the real client', async () => {
    mockGraphQL([]);
    const { client, loadClient } = standIn([]);
    apolloClient.writeQuery({ query: LatestProductsDocument, variables: { limit: 4 }, data: served.data });
    const reset = vi.spyOn(apolloClient, 'resetStore');
    await client.resetStore();
    expect(loadClient).toHaveBeenCalledTimes(1);
    expect(reset).toHaveBeenCalledTimes(1);
    expect(apolloClient.readQuery({ query: LatestProductsDocument, variables: { limit: 4 } })).toBeNull();
  });

  it('says once that the store could not be reached when the hooks waiting on the client wait in vain', async () => {
    mockGraphQL([]);
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    // Offline, or a new deployment replaced the chunk: browsers reject a failed dynamic import with a TypeError.
    let attempt = Promise.reject(new TypeError('Failed to fetch dynamically imported module'));
    const { asClient, loadClient } = standIn(
      [served],
      vi.fn(() => attempt),
    );
    const toasted = () => logged.mock.calls.filter(([context]) => context === '[loading the store client]');
    // Two hooks the page was not rendered with wait on the same attempt.
    const { unmount } = render(
      on(
        asClient,
        <>
          <Latest limit={8} />
          <Latest limit={12} />
        </>,
      ),
    );
    await vi.waitFor(() => expect(toasted()).toHaveLength(1));
    expect(loadClient.mock.calls.length).toBeGreaterThanOrEqual(2);
    expect((toasted()[0]![1] as Error).message).toBe(
      'The store could not be reached. Check your connection and try again.',
    );
    unmount();
    // The next need is a new attempt, and a failure of it is said again.
    attempt = Promise.reject(new TypeError('Failed to fetch dynamically imported module'));
    render(on(asClient, <Latest limit={16} />));
    await vi.waitFor(() => expect(toasted()).toHaveLength(2));
    logged.mockRestore();
  });
});
