// The cart machine's two calls, over GraphQL (decision 005). Both are `silent`: the machine decides when to toast
// (once per failure streak, and for each refusal), so the client's error link only logs.
import type { CartChangeResult } from '../../../../machines/src/cart/cart-machine';
import type { CartData } from '../../../../machines/src/cart/cart-events';
import type { CartChange } from '../../../../machines/src/cart/cart-log';
import { apolloClient, readGraphQLError } from '../../graphql/apollo-client';
import { requiredData } from '../../graphql/required-data';
import { ServerCartDocument, UpdateCartLineDocument } from '../../graphql/generated/graphql';
import { endStaleSession } from '../session/stale-session';

interface ServerLine {
  productId: string;
  size: string;
  quantity: number;
}

/** The server's lines as the machine's cartData: product id → size → quantity. */
export function toCartData(lines: readonly ServerLine[]): CartData {
  // Null-prototype maps, as the machine's own fold makes, so an id such as "__proto__" is only ever data.
  const cart = Object.create(null) as CartData;
  for (const { productId, size, quantity } of lines) {
    const sizes = (cart[productId] ??= Object.create(null) as Record<string, number>);
    sizes[size] = quantity;
  }
  return cart;
}

// The BFF answered and said no to this change: resending it would get the same answer.
const REFUSAL_CODES = new Set(['BAD_USER_INPUT', 'NOT_FOUND']);

/** A rejection the machine retries with backoff, carrying the sentence the shopper sees. */
function failure(error: unknown): Error {
  endStaleSession(error);
  return new Error(readGraphQLError(error).message, { cause: error });
}

export async function fetchServerCart(): Promise<CartData> {
  try {
    const data = requiredData((await apolloClient.query({
      query: ServerCartDocument,
      fetchPolicy: 'network-only',
      context: { silent: true },
    })).data);
    return toCartData(data.cart.lines);
  } catch (error) {
    throw failure(error);
  }
}

/**
 * One outbox change as the line's absolute quantity. A refusal (BAD_USER_INPUT, NOT_FOUND) resolves as 'refused'
 * and the machine skips the change; anything else rejects and is retried: the BFF or the API being down
 * (UPSTREAM_*), rate limits, the network. UNAUTHENTICATED also rejects, after ending the stale session: the
 * sign-out that follows resets the cart, so the retry never goes out with the dead token.
 */
export async function sendCartChange(change: CartChange): Promise<CartChangeResult> {
  try {
    const data = requiredData((await apolloClient.mutate({
      mutation: UpdateCartLineDocument,
      variables: { productId: change.itemId, size: change.size, quantity: change.quantity },
      context: { silent: true },
    })).data);
    return { status: 'applied', cartData: toCartData(data.updateCartLine.lines) };
  } catch (error) {
    const read = readGraphQLError(error);
    if (read.code !== undefined && REFUSAL_CODES.has(read.code)) return { status: 'refused', message: read.message };
    throw failure(error);
  }
}
