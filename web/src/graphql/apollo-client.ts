import { ApolloClient, ApolloLink, HttpLink, InMemoryCache } from '@apollo/client';
import { CombinedGraphQLErrors, ServerError, ServerParseError } from '@apollo/client/errors';
import { SetContextLink } from '@apollo/client/link/context';
import { ErrorLink } from '@apollo/client/link/error';
import { logError, notifyError } from '../shared/notify-error';
import { getAuthToken } from '../shared/session/session-store';
import type { ErrorCode } from './generated/schema-enums';

// The storefront's one GraphQL client. Every failure is logged here and, unless the operation opts out with
// `context: { silent: true }`, shown as an error toast with the server's message (spec §8: "a failed call shows
// an error toast ... and is logged"; the orders load and the user sync are "logged only"). Doing it in the
// link means once per failed request however many components read the result, so callers must not toast an
// Apollo error again: pass `silent: true` to handle one yourself (read it with `readGraphQLError`).

declare module '@apollo/client' {
  interface DefaultContext {
    /** Log a failure without a toast (spec §8: some loads are "logged only"). */
    silent?: boolean;
    headers?: Record<string, string>;
  }
}

export const GRAPHQL_ENDPOINT = '/graphql';

// The schema's ErrorCode enum; a Record so that a code added to the schema and missing here does not compile.
const KNOWN_CODES: Record<ErrorCode, true> = {
  UNAUTHENTICATED: true,
  BAD_USER_INPUT: true,
  NOT_FOUND: true,
  TOO_MANY_REQUESTS: true,
  STORE_BUSY: true,
  UPSTREAM_UNAVAILABLE: true,
  UPSTREAM_ERROR: true,
};

const isErrorCode = (code: unknown): code is ErrorCode => typeof code === 'string' && Object.hasOwn(KNOWN_CODES, code);

export interface ReadableGraphQLError {
  /** What to show the shopper: the server's message, or a plain sentence for a transport failure. */
  message: string;
  /** `extensions.code` of the first GraphQL error, when it is one of the schema's; undefined otherwise. */
  code: ErrorCode | undefined;
  /** `extensions.retryAfterSeconds`: how long the store asked to wait before the same call (STORE_BUSY). */
  retryAfterSeconds?: number;
}

interface ErrorBody {
  errors?: ReadonlyArray<{ message?: unknown; extensions?: { code?: unknown; retryAfterSeconds?: unknown } | null } | null>;
}

const UNREACHABLE = 'The store could not be reached. Check your connection and try again.';

function fromFirst(errors: ErrorBody['errors']): ReadableGraphQLError | undefined {
  const first = errors?.[0];
  if (!first) return undefined;
  const message = typeof first.message === 'string' && first.message ? first.message : 'The request failed.';
  const code = isErrorCode(first.extensions?.code) ? first.extensions.code : undefined;
  const wait = first.extensions?.retryAfterSeconds;
  return typeof wait === 'number' && Number.isFinite(wait) && wait >= 0 ? { message, code, retryAfterSeconds: wait } : { message, code };
}

// A non-2xx answer sent as plain JSON (e.g. the BFF's own 413 handler) still carries GraphQL errors in its body.
function fromBodyText(bodyText: string): ReadableGraphQLError | undefined {
  try {
    return fromFirst((JSON.parse(bodyText) as ErrorBody | null)?.errors);
  } catch {
    return undefined;
  }
}

/** The message and `extensions.code` of any error an Apollo call rejected with or a hook returned. */
export function readGraphQLError(error: unknown): ReadableGraphQLError {
  if (CombinedGraphQLErrors.is(error)) {
    return fromFirst(error.errors) ?? { message: 'The request failed.', code: undefined };
  }
  if (ServerError.is(error)) {
    return fromBodyText(error.bodyText) ?? { message: `The store answered ${error.statusCode}. Please try again.`, code: undefined };
  }
  if (ServerParseError.is(error)) {
    return { message: `The store answered ${error.statusCode}. Please try again.`, code: undefined };
  }
  // fetch itself threw (offline, DNS, connection reset): the browser's message means nothing to a shopper.
  if (error instanceof TypeError) return { message: UNREACHABLE, code: undefined };
  return { message: error instanceof Error && error.message ? error.message : 'Something went wrong. Please try again.', code: undefined };
}

/** True for the BFF's answer that the call needs a signed-in shopper. */
export function isUnauthenticated(error: unknown): boolean {
  return readGraphQLError(error).code === 'UNAUTHENTICATED';
}

// Each call carries the current bearer token (the hosted provider's short-lived one, or the stored store token).
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

/** The cache's policies, shared by the browser's client and the server render (prerender/entry-server.tsx). */
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
