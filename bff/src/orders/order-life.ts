import { z } from 'zod';
import { idempotencyKeySchema, orderQuantitySchema, productIdSchema, sizeSchema } from '#domain/cart-line';
import { orderReference, RETURN_REASONS } from '#domain/order-life';
import { sizeStock } from '#domain/stock';
import type { CatalogProduct } from '../catalog/product.js';
import { StoreError } from '../errors.js';
import type {
  MutationResolvers,
  OrderResolvers,
  ReturnKind,
  ReturnRequest,
  ReturnStatus,
} from '../generated/resolvers-types.js';
import { parseInput } from '../input.js';
import type { RestOrder, RestReturn } from '../rest/answer-shapes.js';
import type { SignedInApi } from '../rest/shopper-api.js';
import type { OrderLifeAnswer } from '../rest/store-api.js';

// An order's life after it is placed: a backend of the seed kind answers none of it, so no action is offered.

const iso = (ms: number) => new Date(ms).toISOString();

const orderIdSchema = z.string().trim().min(1, 'orderId is required').max(100, 'orderId is too long');

const returnInput = z.object({
  orderId: orderIdSchema,
  productId: productIdSchema('productId'),
  size: sizeSchema('size'),
  quantity: z.nullish(orderQuantitySchema('quantity')),
  kind: z.enum(['RETURN', 'EXCHANGE']),
  reason: z.enum(RETURN_REASONS, { error: `reason must be one of: ${RETURN_REASONS.join(', ')}` }),
  exchangeSize: z.nullish(sizeSchema('exchangeSize')),
  idempotencyKey: z.nullish(idempotencyKeySchema('idempotencyKey')),
});

export const CANCEL_NOT_SUPPORTED =
  'This store takes cancellations by phone or email, not online: please contact the shop.';
export const RETURN_NOT_SUPPORTED =
  'This store takes returns and exchanges by phone or email, not online: please contact the shop.';

/** A 404 not about the order (ours says "Order not found for ID: …") means the backend lacks the route. */
function lacksRoute(error: unknown): boolean {
  return (
    error instanceof StoreError &&
    error.extensions.code === 'NOT_FOUND' &&
    error.extensions.upstreamStatus === 404 &&
    !/^Order not found/i.test(error.message)
  );
}

async function orderLifeCall(
  call: () => Promise<OrderLifeAnswer>,
  notSupported: string,
  orderId: string,
  store: SignedInApi,
) {
  let answer: OrderLifeAnswer;
  try {
    answer = await call();
  } catch (error) {
    if (lacksRoute(error)) throw new StoreError('NOT_SUPPORTED', notSupported, 404);
    throw error;
  }
  if (answer.order !== undefined) return answer.order;
  // Ours always answers the order; should a backend not, the shopper's orders have it.
  const order = (await store.orders()).find((candidate) => candidate._id === orderId);
  if (order === undefined)
    throw new StoreError('UPSTREAM_ERROR', 'The store answered something unexpected. Please try again.');
  return order;
}

export const orderLifeMutations: Required<Pick<MutationResolvers, 'cancelOrder' | 'requestReturn'>> = {
  cancelOrder(_parent, { orderId }, context) {
    const store = context.store.signedIn();
    const id = parseInput(orderIdSchema, orderId);
    return orderLifeCall(() => store.cancelOrder(id), CANCEL_NOT_SUPPORTED, id, store);
  },
  requestReturn(_parent, { input }, context) {
    const store = context.store.signedIn();
    const checked = parseInput(returnInput, input);
    const ask = {
      orderId: checked.orderId,
      productId: checked.productId,
      size: checked.size,
      kind: checked.kind === 'EXCHANGE' ? ('exchange' as const) : ('return' as const),
      reason: checked.reason,
      ...(checked.quantity == null ? {} : { quantity: checked.quantity }),
      ...(checked.exchangeSize == null ? {} : { exchangeSize: checked.exchangeSize }),
      ...(checked.idempotencyKey == null ? {} : { idempotencyKey: checked.idempotencyKey }),
    };
    return orderLifeCall(() => store.requestReturn(ask), RETURN_NOT_SUPPORTED, checked.orderId, store);
  },
};

const KIND: Record<RestReturn['kind'], ReturnKind> = { return: 'RETURN', exchange: 'EXCHANGE' };
const STATUS: Record<RestReturn['status'], ReturnStatus> = {
  Requested: 'REQUESTED',
  Approved: 'APPROVED',
  Refused: 'REFUSED',
  Received: 'RECEIVED',
  Closed: 'CLOSED',
};

function toReturnRequest(request: RestReturn): ReturnRequest {
  return {
    id: request._id,
    productId: request.productId,
    size: request.size,
    quantity: request.quantity,
    kind: KIND[request.kind],
    reason: request.reason,
    exchangeSize: request.exchangeSize,
    status: STATUS[request.status],
    requestedAt: iso(request.requestedAt),
    updatedAt: iso(request.updatedAt),
  };
}

/** Only the backend says until when. */
export function withinReturnWindow(order: RestOrder, now = Date.now()): boolean {
  return (
    order.returnableUntil !== undefined && order.returnableUntil !== null && now <= order.returnableUntil
  );
}

/** The catalogue's view; the API checks again when asked. */
export function exchangeSizesOf(product: CatalogProduct | undefined, orderedSize: string): string[] {
  if (product === undefined) return [];
  return sizeStock(product.sizes, product.lowStock)
    .filter((size) => size.inStock && size.size !== orderedSize)
    .map((size) => size.size);
}

export const orderLifeResolvers: Pick<
  OrderResolvers,
  'reference' | 'statusHistory' | 'cancellable' | 'returnableUntil' | 'returns'
> = {
  reference: (order) => order.reference ?? orderReference(order._id),
  statusHistory: (order) =>
    (order.statusHistory ?? [{ status: order.status, at: order.date }]).map((change) => ({
      status: change.status,
      at: iso(change.at),
    })),
  cancellable: (order) => order.cancellable ?? false,
  returnableUntil: (order) =>
    order.returnableUntil === undefined || order.returnableUntil === null ? null : iso(order.returnableUntil),
  returns: (order) => (order.returns ?? []).map(toReturnRequest),
};
