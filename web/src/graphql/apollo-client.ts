import { ApolloClient, ApolloLink, HttpLink, InMemoryCache } from '@apollo/client';
import { SetContextLink } from '@apollo/client/link/context';
import { ErrorLink } from '@apollo/client/link/error';
import { logError, notifyError } from '../shared/notify-error';
import { getAuthToken } from '../shared/session/session-store';
import { readGraphQLError } from './graphql-error';

// The storefront's one GraphQL client. Its error link logs every failure and toasts it (spec §8) unless the
// operation passes `context: { silent: true }`: once per request, so callers never toast it again.

declare module '@apollo/client' {
  interface DefaultContext {
    /** Log a failure without a toast (spec §8: some loads are "logged only"). */
    silent?: boolean;
    headers?: Record<string, string>;
  }
}

export const GRAPHQL_ENDPOINT = '/graphql';

// Each call carries the current bearer token (the hosted provider's short-lived one, or the stored one).
const authLink = new SetContextLink(async (previous) => {
  const token = await getAuthToken();
  return token ? { headers: { ...previous.headers, authorization: `Bearer ${token}` } } : {};
});

const errorLink = new ErrorLink(({ error, operation }) => {
  const where = `GraphQL ${operation.operationName ?? 'operation'}`;
  // The toast shows the shopper's sentence; the log keeps the original error with its details.
  const shown = new Error(readGraphQLError(error).message, { cause: error });
  if (operation.getContext().silent === true) logError(error, where);
  else notifyError(shown, where);
});

const httpLink = new HttpLink({ uri: GRAPHQL_ENDPOINT });

/** The cache's policies, shared by the browser's client and the server render (entry-server.tsx). */
export function createCache(): InMemoryCache {
  return new InMemoryCache({
    typePolicies: {
      Product: { keyFields: ['id'] },
      Order: { keyFields: ['id'] },
      // There is one cart per visit (the shopper's, or none): every Cart result updates the same entry.
      Cart: { keyFields: [] },
      Query: {
        fields: {
          products: {
            // Pages of one view share an entry; "Load more" (a fetch with `after`) appends to it and a new
            // filter or sort starts its own.
            keyArgs: ['filter', 'sort'],
            merge(existing: ProductPage | undefined, incoming: ProductPage, { args }) {
              if (!existing || typeof args?.after !== 'string') return incoming;
              return { ...incoming, nodes: [...(existing.nodes ?? []), ...(incoming.nodes ?? [])] };
            },
          },
        },
      },
    },
  });
}

export function createApolloClient(): ApolloClient {
  return new ApolloClient({ link: ApolloLink.from([errorLink, authLink, httpLink]), cache: createCache() });
}

// Only the part of a ProductConnection the merge touches (the field may be asked for without nodes).
interface ProductPage {
  nodes?: readonly unknown[];
}

/** The client the app renders with (main.tsx) and that non-React code (the cart) calls directly. */
export const apolloClient = createApolloClient();
