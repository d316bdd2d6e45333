import type { CancelOutcome } from '#machines/orders/cancel-order-machine';
import type { ReturnAsk, ReturnOutcome } from '#machines/orders/return-request-machine';
import { CancelOrderDocument, RequestReturnDocument } from './generated/documents';
import { callStore } from '../../graphql/store-call';

// The order machines' actors. The answered order lands in the cache (keyed by id), so all its rows show it at
// once. A refusal resolves with the store's reason for the machine to show; anything else rejects with the
// shopper's sentence, and the machine offers to try again.

/** "Cancel order": done, or the store's reason (NOT_SUPPORTED: it takes cancellations offline). */
export async function cancelOrder({ orderId }: { orderId: string }): Promise<CancelOutcome> {
  const answer = await callStore({ mutation: CancelOrderDocument, variables: { orderId } });
  return answer.status === 'answered'
    ? { status: 'cancelled' }
    : { status: 'refused', message: answer.message };
}

/** "Return or exchange": recorded, or the store's reason (the window closed, the size is gone). */
export async function requestReturn(ask: ReturnAsk): Promise<ReturnOutcome> {
  const answer = await callStore({
    mutation: RequestReturnDocument,
    variables: {
      input: {
        orderId: ask.orderId,
        productId: ask.productId,
        size: ask.size,
        kind: ask.kind === 'exchange' ? 'EXCHANGE' : 'RETURN',
        reason: ask.reason,
        exchangeSize: ask.exchangeSize,
        idempotencyKey: ask.idempotencyKey,
      },
    },
  });
  if (answer.status === 'answered') return { status: 'requested' };
  return answer.shortfalls
    ? { status: 'refused', message: answer.message, shortfalls: answer.shortfalls }
    : { status: 'refused', message: answer.message };
}
