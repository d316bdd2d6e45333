import type { OrderRequest, PlaceOrderOutcome } from '../../../../machines/src/checkout/checkout-machine';
import { apolloClient, readGraphQLError } from '../../graphql/apollo-client';
import { PlaceOrderDocument } from '../../graphql/generated/graphql';
import { requiredData } from '../../graphql/required-data';
import { endStaleSession } from '../session/stale-session';

// The BFF answered and refused the order (an address the API rejects, a product gone, a total that changed).
const REFUSAL_CODES = new Set(['BAD_USER_INPUT', 'NOT_FOUND']);

/**
 * PLACE ORDER. The machine's idempotency key goes with it, so a retry of the same attempt never makes a second
 * order; the total the shopper saw goes as `expectedTotal`, so a price that changed meanwhile refuses the order
 * rather than charging a different amount. A refusal resolves with the server's message, anything else rejects
 * with it; the machine toasts either and keeps the form. A stale session ends, and the page asks to sign in again.
 */
export async function placeOrder(request: OrderRequest): Promise<PlaceOrderOutcome> {
  try {
    const data = requiredData(
      (
        await apolloClient.mutate({
          mutation: PlaceOrderDocument,
          variables: {
            input: {
              address: { ...request.address },
              lines: request.lines.map(({ productId, size, quantity }) => ({ productId, size, quantity })),
              idempotencyKey: request.idempotencyKey,
              expectedTotal: request.total,
            },
          },
          context: { silent: true },
        })
      ).data,
    );
    return { status: 'placed', orderId: data.placeOrder.order?.id ?? null };
  } catch (error) {
    endStaleSession(error);
    const read = readGraphQLError(error);
    if (read.code !== undefined && REFUSAL_CODES.has(read.code)) return { status: 'refused', message: read.message };
    throw new Error(read.message, { cause: error });
  }
}
