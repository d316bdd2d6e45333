// MY ORDERS' "Cancel order": the shopper confirms, the store cancels or says why it is too late. The store has the last
// word, as the order may have moved since the page was loaded (domain/order-life.ts holds the rules).
import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import { CANCELLED_STATUS } from '#domain/back-office';
import { canMoveOrder } from '#domain/order-life';
import { errorMessage } from '../error-message.js';

/** How the store answered: cancelled (or already was), or refused and why (the order is packed, shipped…). */
export type CancelOutcome = { status: 'cancelled' } | { status: 'refused'; message: string };

export interface CancelOrderInput {
  orderId: string;
  /** The order's status as the page shows it. */
  status: string;
  /** The store says the shopper may cancel it now (false on a backend without cancellations). */
  cancellable: boolean;
}

export interface CancelOrderContext extends CancelOrderInput {
  /** Why the store refused, or why the call failed; null otherwise. */
  message: string | null;
}

export type CancelOrderEvent =
  | { type: 'cancel.opened' }
  | { type: 'cancel.confirmed' }
  | { type: 'cancel.dismissed' }
  | { type: 'cancel.retried' };

const FALLBACK_REFUSAL = 'This order can no longer be cancelled.';

export const cancelOrderMachine = setup({
  types: {
    context: {} as CancelOrderContext,
    events: {} as CancelOrderEvent,
    input: {} as CancelOrderInput,
  },
  actors: {
    cancelOrder: fromPromise<CancelOutcome, { orderId: string }>(() =>
      Promise.reject(new Error('cancelOrder was not provided to cancelOrderMachine')),
    ),
  },
  actions: {
    /** The order changed in the store (cancelled, or found moved on): the page shows it afresh. */
    orderChanged: () => undefined,
    setMessage: assign((_, params: { message: string }) => ({ message: params.message })),
    clearMessage: assign({ message: null }),
  },
  guards: {
    /** The store offers it, and the shop's rules let a shopper cancel from this status. */
    mayCancel: ({ context }) =>
      context.cancellable && canMoveOrder(context.status, CANCELLED_STATUS, 'shopper'),
    wasCancelled: (_, params: { outcome: CancelOutcome }) => params.outcome.status === 'cancelled',
  },
}).createMachine({
  id: 'cancelOrder',
  context: ({ input }) => ({ ...input, message: null }),
  initial: 'idle',
  states: {
    idle: {
      on: { 'cancel.opened': { guard: 'mayCancel', target: 'confirming' } },
    },
    /** "Cancel this order?" with the choice to keep it. */
    confirming: {
      on: {
        'cancel.confirmed': 'cancelling',
        'cancel.dismissed': 'idle',
      },
    },
    // A second click while the call is on its way is ignored.
    cancelling: {
      entry: 'clearMessage',
      invoke: {
        id: 'cancelCall',
        src: 'cancelOrder',
        input: ({ context }) => ({ orderId: context.orderId }),
        onDone: [
          {
            guard: { type: 'wasCancelled', params: ({ event }) => ({ outcome: event.output }) },
            target: 'cancelled',
          },
          {
            target: 'refused',
            actions: {
              type: 'setMessage',
              params: ({ event }) => ({
                message:
                  event.output.status === 'refused' && event.output.message !== ''
                    ? event.output.message
                    : FALLBACK_REFUSAL,
              }),
            },
          },
        ],
        onError: {
          target: 'failed',
          actions: { type: 'setMessage', params: ({ event }) => ({ message: errorMessage(event.error) }) },
        },
      },
    },
    cancelled: { type: 'final', entry: 'orderChanged' },
    /** Too late (or not possible on this store): the reason stays shown until the shopper closes it. */
    refused: {
      entry: 'orderChanged',
      on: {
        'cancel.dismissed': { target: 'idle', actions: ['clearMessage', assign({ cancellable: false })] },
      },
    },
    /** The store could not be reached: the same call may be sent again. */
    failed: {
      on: {
        'cancel.retried': 'cancelling',
        'cancel.dismissed': { target: 'idle', actions: 'clearMessage' },
      },
    },
  },
});

export type CancelOrderSnapshot = SnapshotFrom<typeof cancelOrderMachine>;

export const selectCancelMessage = (snapshot: CancelOrderSnapshot): string | null => snapshot.context.message;
