import type { ApolloClient } from '@apollo/client';
import { describe, expect, it } from 'vitest';
import { apolloClient } from '../graphql/apollo-client';
import { LatestProductsDocument } from '../features/home/generated/documents';
import { loadApolloClient } from '../graphql/store-client';
import { cardProduct } from './fixtures';

// setup.ts gives each test its own client, the one the app's code and the store calls reach.
describe('each web test’s Apollo Client', () => {
  const query = { query: LatestProductsDocument, variables: { limit: 4 } };
  let first: ApolloClient | undefined;

  it('is the one the store calls load', async () => {
    first = apolloClient;
    apolloClient.writeQuery({
      ...query,
      data: { latestProducts: [cardProduct('p1', 'Court Runner', 1499)] },
    });
    expect(await loadApolloClient()).toBe(apolloClient);
  });

  it('is new in the next test, with nothing the previous one read', async () => {
    expect(first).toBeDefined();
    expect(apolloClient).not.toBe(first);
    expect(apolloClient.readQuery(query)).toBeNull();
    expect(await loadApolloClient()).toBe(apolloClient);
  });
});
