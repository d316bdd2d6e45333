// An order kept on the device because the store could not be reached (checkout-machine.ts's `queued`): sent when
// the connection is back, priced again by the store, confirmed again by the shopper if its total changed, and
// given up after QUEUED_ORDER_LIFETIME_MS. Every send of one total carries one idempotency key, so however many
// times it goes out (tabs, reloads, lost answers) the store makes one order.
import { assign, emit, fromPromise, setup, type SnapshotFrom } from 'xstate';
import { confirmedOrderKey, QUEUED_ORDER_LIFETIME_MS } from '#domain/queued-order';
import type { OrderRequest, PlaceOrderOutcome } from './checkout-machine.js';

/** What the device keeps: enough to send the order and to show it in MY ORDERS while it waits. */
export interface QueuedOrder {
  /** The key of the first attempt: it names the kept order, and a confirmed new total's key derives from it. */
  id: string;
  /** The account it was placed from: it is sent only while that account is signed in. */
  account: string;
  /** The request as it will be sent next (its key and total change only when the shopper confirms a new total). */
  request: OrderRequest;
  queuedAt: number;
  /** Set when the store priced it differently: the total the shopper is asked to confirm. */
  newTotal: number | null;
  /** What MY ORDERS shows while it waits: each line as the checkout showed it. */
  items: readonly QueuedOrderItem[];
}

export interface QueuedOrderItem {
  productId: string;
  size: string;
  quantity: number;
  name: string;
  /** The unit price the checkout showed. */
  price: number;
  image: string | null;
}

export type QueuedOrderEvent =
  /** The connection is back, the app opened, or the browser's Background Sync fired; `at` is the time then. */
  | { type: 'queued.send'; at: number }
  /** The shopper accepts the new total. */
  | { type: 'queued.confirm'; at: number }
  /** The shopper drops the order. */
  | { type: 'queued.discard' };

export type QueuedOrderEmitted =
  | { type: 'queued.placed'; orderId: string | null; order: QueuedOrder }
  | { type: 'queued.refused'; message: string; order: QueuedOrder }
  | { type: 'queued.expired'; order: QueuedOrder };

const expired = (order: QueuedOrder, at: number): boolean => at - order.queuedAt > QUEUED_ORDER_LIFETIME_MS;

export const queuedOrderMachine = setup({
  types: {
    context: {} as { order: QueuedOrder },
    events: {} as QueuedOrderEvent,
    input: {} as { order: QueuedOrder },
    emitted: {} as QueuedOrderEmitted,
  },
  actors: {
    sendOrder: fromPromise<PlaceOrderOutcome, OrderRequest>(() =>
      Promise.reject(new Error('sendOrder was not provided to queuedOrderMachine')),
    ),
  },
  actions: {
    /** Write the order as it now stands where it is kept (a reload finds it in this state). */
    keep: (_, _params: { order: QueuedOrder }) => undefined,
    /** Remove it from the device: it is placed, refused, expired or discarded. */
    forget: (_, _params: { id: string }) => undefined,
    askToConfirm: assign(({ context }, params: { total: number }) => ({
      order: { ...context.order, newTotal: params.total },
    })),
    takeNewTotal: assign(({ context }) => {
      const total = context.order.newTotal ?? context.order.request.total;
      const idempotencyKey = confirmedOrderKey(context.order.id, total);
      return {
        order: {
          ...context.order,
          request: { ...context.order.request, total, idempotencyKey },
          newTotal: null,
        },
      };
    }),
  },
  guards: {
    expired: ({ context, event }) =>
      (event.type === 'queued.send' || event.type === 'queued.confirm') && expired(context.order, event.at),
  },
}).createMachine({
  id: 'queuedOrder',
  context: ({ input }) => ({ order: input.order }),
  initial: 'waiting',
  states: {
    waiting: {
      // A kept order read back while it asked for a new total asks again.
      always: { guard: ({ context }) => context.order.newTotal !== null, target: 'confirming' },
      on: {
        'queued.send': [{ guard: 'expired', target: 'expired' }, { target: 'sending' }],
        'queued.discard': 'discarded',
      },
    },
    // No events: one send at a time; a trigger meanwhile changes nothing.
    sending: {
      invoke: {
        id: 'sendOrder',
        src: 'sendOrder',
        input: ({ context }) => context.order.request,
        onDone: [
          {
            guard: ({ event }) => event.output.status === 'placed',
            target: 'placed',
            actions: emit(({ context, event }) => ({
              type: 'queued.placed' as const,
              orderId: event.output.status === 'placed' ? event.output.orderId : null,
              order: context.order,
            })),
          },
          {
            guard: ({ event }) => event.output.status === 'priceChanged',
            target: 'confirming',
            actions: [
              {
                type: 'askToConfirm',
                params: ({ event }) => ({
                  total: event.output.status === 'priceChanged' ? event.output.total : 0,
                }),
              },
              { type: 'keep', params: ({ context }) => ({ order: context.order }) },
            ],
          },
          {
            // Out of stock, or refused for what it holds: sending it again would get the same answer.
            target: 'refused',
            actions: emit(({ context, event }) => ({
              type: 'queued.refused' as const,
              message: event.output.status === 'placed' ? '' : event.output.message,
              order: context.order,
            })),
          },
        ],
        // Unreachable again, or a failure that says nothing of the order: it waits for the next trigger.
        onError: 'waiting',
      },
    },
    confirming: {
      on: {
        'queued.confirm': [
          { guard: 'expired', target: 'expired' },
          {
            target: 'sending',
            actions: ['takeNewTotal', { type: 'keep', params: ({ context }) => ({ order: context.order }) }],
          },
        ],
        'queued.discard': 'discarded',
      },
    },
    placed: { type: 'final', entry: { type: 'forget', params: ({ context }) => ({ id: context.order.id }) } },
    refused: {
      type: 'final',
      entry: { type: 'forget', params: ({ context }) => ({ id: context.order.id }) },
    },
    expired: {
      type: 'final',
      entry: [
        { type: 'forget', params: ({ context }) => ({ id: context.order.id }) },
        emit(({ context }) => ({ type: 'queued.expired' as const, order: context.order })),
      ],
    },
    discarded: {
      type: 'final',
      entry: { type: 'forget', params: ({ context }) => ({ id: context.order.id }) },
    },
  },
});

export type QueuedOrderSnapshot = SnapshotFrom<typeof queuedOrderMachine>;

/** How MY ORDERS shows a kept order: waiting (or being sent), or asking the shopper to confirm a new total. */
export type QueuedOrderStatus = 'waiting' | 'confirming' | 'done';

export function queuedOrderStatus(snapshot: QueuedOrderSnapshot): QueuedOrderStatus {
  if (snapshot.status === 'done') return 'done';
  return snapshot.matches('confirming') ? 'confirming' : 'waiting';
}
