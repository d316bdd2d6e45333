import type { OrderRequest, PlaceOrderOutcome } from '#machines/checkout/checkout-machine';
import { PlaceOrderDocument } from './generated/documents';
import { callStore } from '../../graphql/store-call';
import { placeOrderVariables } from './place-order-variables';

/**
 * PLACE ORDER, with the machine's idempotency key (a retry never makes a second order) and the total the
 * shopper saw as `expectedTotal` (a changed price refuses the order). A refusal resolves with the server's
 * message (for stock, with the lines it cannot fill); anything else rejects with it.
 */
export async function placeOrder(request: OrderRequest): Promise<PlaceOrderOutcome> {
  const answer = await callStore({ mutation: PlaceOrderDocument, variables: placeOrderVariables(request) });
  if (answer.status === 'answered')
    return { status: 'placed', orderId: answer.data.placeOrder.order?.id ?? null };
  const { message, shortfalls, total } = answer;
  if (shortfalls) return { status: 'outOfStock', message, shortfalls };
  return total === undefined ? { status: 'refused', message } : { status: 'priceChanged', message, total };
}
