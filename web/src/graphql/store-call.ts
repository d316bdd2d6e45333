import type { OperationVariables, TypedDocumentNode } from '@apollo/client';
import type { StockShortfall } from '#domain/stock';
import { StoreBusyError, StoreUnreachableError } from '#machines/store-errors';
import { endStaleSession } from './stale-session';
import { firstErrorExtensions, readGraphQLError } from './graphql-error';
import { changedTotal, isRefusal } from './refusals';
import { readStockShortfalls } from './stock-shortfalls';
import { loadApolloClient } from './store-client';

/**
 * What a call came to when the store answered: its data, or its refusal and the sentence saying why (with the
 * lines it cannot fill when it refused an order for stock).
 */
export type StoreAnswer<TData> =
  | { status: 'answered'; data: TData }
  | {
      status: 'refused';
      message: string;
      /** OUT_OF_STOCK: the lines the store cannot fill. */
      shortfalls?: StockShortfall[];
      /** PRICE_CHANGED: the order's total now. */
      total?: number;
    };

type StoreCall<TData, TVariables extends OperationVariables> =
  | { query: TypedDocumentNode<TData, TVariables>; variables: TVariables }
  | { mutation: TypedDocumentNode<TData, TVariables>; variables: TVariables };

/**
 * The one way the machines' actors call the store; silent, as the machine decides what the shopper sees. A
 * query goes to the network as its own request: Apollo would answer it with one still in flight, possibly out
 * of date (a cart refetched after another tab's sign-in merge would get the empty cart and lay it over the
 * merge). A refusal resolves as `refused`; anything else rejects with the shopper's sentence (a busy store as
 * StoreBusyError with its Retry-After), a stale session ended first.
 */
export async function callStore<TData, TVariables extends OperationVariables>(
  call: StoreCall<TData, TVariables>,
): Promise<StoreAnswer<TData>> {
  try {
    const apolloClient = await loadApolloClient();
    const { data } =
      'query' in call
        ? await apolloClient.query({
            ...call,
            fetchPolicy: 'network-only',
            context: { silent: true, queryDeduplication: false },
          })
        : await apolloClient.mutate({ ...call, context: { silent: true } });
    // Errors reject under the default error policy, so the data is there; the type allows otherwise.
    if (data === undefined || data === null)
      throw new Error('The store sent an empty answer. Please try again.');
    return { status: 'answered', data };
  } catch (error) {
    endStaleSession(error);
    const read = readGraphQLError(error);
    if (isRefusal(read.code)) {
      const shortfalls = read.code === 'OUT_OF_STOCK' ? readStockShortfalls(error) : undefined;
      const total = changedTotal(read.code, firstErrorExtensions(error)?.total);
      if (shortfalls) return { status: 'refused', message: read.message, shortfalls };
      if (total !== undefined) return { status: 'refused', message: read.message, total };
      return { status: 'refused', message: read.message };
    }
    if (read.code === 'STORE_BUSY') throw new StoreBusyError(read.message, read.retryAfterSeconds);
    // No answer at all (offline, the store down): the caller may keep the call and send it later.
    if (read.unreachable) throw new StoreUnreachableError(read.message, { cause: error });
    throw new Error(read.message, { cause: error });
  }
}
