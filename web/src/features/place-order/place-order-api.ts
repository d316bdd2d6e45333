import type { OrderRequest, PlaceOrderOutcome } from '#machines/checkout/checkout-machine';
import { PlaceOrderDocument } from '../../graphql/generated/graphql';
import { callStore } from '../../graphql/store-call';

/**
 * PLACE ORDER. The machine's idempotency key goes with it, so a retry of the same attempt never makes a second
 * order; the total the shopper saw goes as `expectedTotal`, so a price that changed meanwhile refuses the order
 * rather than charging a different amount. A refusal (an address the API rejects, a product gone, a total that
 * changed) resolves with the server's message, anything else rejects with it; the machine toasts either and keeps
 * the form. A refusal for stock (OUT_OF_STOCK) resolves with the lines the store cannot fill, for the shopper to fix.
 */
export async function placeOrder(request: OrderRequest): Promise<PlaceOrderOutcome> {
  const answer = await callStore({
    mutation: PlaceOrderDocument,
    variables: {
      input: {
        address: { ...request.address },
        lines: request.lines.map(({ productId, size, quantity }) => ({ productId, size, quantity })),
        idempotencyKey: request.idempotencyKey,
        expectedTotal: request.total,
      },
    },
  });
  if (answer.status === 'answered')
    return { status: 'placed', orderId: answer.data.placeOrder.order?.id ?? null };
  const { message, shortfalls } = answer;
  return shortfalls ? { status: 'outOfStock', message, shortfalls } : { status: 'refused', message };
}
