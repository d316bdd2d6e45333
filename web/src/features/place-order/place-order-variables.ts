import type { OrderRequest } from '#machines/checkout/checkout-machine';
import type { PlaceOrderMutationVariables } from '../../graphql/generated/graphql';

/** PLACE ORDER's variables: the machine's idempotency key, and the total the shopper saw as `expectedTotal`. */
export function placeOrderVariables(request: OrderRequest): PlaceOrderMutationVariables {
  return {
    input: {
      address: { ...request.address },
      lines: request.lines.map(({ productId, size, quantity }) => ({ productId, size, quantity })),
      idempotencyKey: request.idempotencyKey,
      expectedTotal: request.total,
    },
  };
}
