// The cart machine's two calls, over GraphQL (decision 005). The machine decides when to toast (once per
// failure streak, and for each refusal): callStore keeps the client's error link from toasting.
import type { CartChangeResult } from '#machines/cart/cart-machine';
import type { CartData } from '#machines/cart/cart-events';
import type { CartChange } from '#machines/cart/cart-log';
import { ServerCartDocument, UpdateCartLineDocument } from './generated/documents';
import { callStore } from '../../graphql/store-call';

interface ServerLine {
  productId: string;
  size: string;
  quantity: number;
}

/** The server's lines as the machine's cartData: product id → size → quantity. */
export function cartDataFromLines(lines: readonly ServerLine[]): CartData {
  // Null-prototype maps, as the machine's own fold makes, so an id such as "__proto__" is only ever data.
  const cart = Object.create(null) as CartData;
  for (const { productId, size, quantity } of lines) {
    const sizes = (cart[productId] ??= Object.create(null) as Record<string, number>);
    sizes[size] = quantity;
  }
  return cart;
}

export async function fetchServerCart(): Promise<CartData> {
  const answer = await callStore({ query: ServerCartDocument, variables: {} });
  if (answer.status === 'refused') throw new Error(answer.message);
  return cartDataFromLines(answer.data.cart.lines);
}

/**
 * One outbox change as the line's absolute quantity. A refusal (a product or size not sold, or a backend that
 * checks stock here) resolves as 'refused' and the machine skips it; anything else rejects and is retried. A
 * stale session rejects after ending it: the sign-out resets the cart, so no retry uses the dead token.
 */
export async function sendCartChange(change: CartChange): Promise<CartChangeResult> {
  const answer = await callStore({
    mutation: UpdateCartLineDocument,
    variables: { productId: change.itemId, size: change.size, quantity: change.quantity },
  });
  if (answer.status === 'answered')
    return { status: 'applied', cartData: cartDataFromLines(answer.data.updateCartLine.lines) };
  return { status: 'refused', message: answer.message };
}
