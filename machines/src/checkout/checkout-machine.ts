// /place-order: the delivery form, then one cash-on-delivery order per attempt, made safe to retry by an
// idempotency key the API honours (api/src/order/service.ts).
import { assign, emit, fromPromise, setup, type SnapshotFrom } from 'xstate';
import type { DeliveryAddress, DeliveryAddressField } from '#domain/address';
import type { StockShortfall } from '#domain/stock';
import { errorMessage } from '../error-message.js';
import { isStoreUnreachable } from '../store-errors.js';
import type { FieldErrors } from '../field-errors.js';
import { checkDeliveryForm, EMPTY_DELIVERY_FORM, type DeliveryForm } from './delivery-form.js';

export interface OrderLine {
  productId: string;
  size: string;
  quantity: number;
}

/** What the caller's actor places: the address, the lines, the total the shopper saw, and the attempt's key. */
export interface OrderRequest {
  address: DeliveryAddress;
  lines: readonly OrderLine[];
  /** Cart amount plus the delivery fee, as shown: a store that would charge another total refuses the order. */
  total: number;
  idempotencyKey: string;
}

/**
 * How PLACE ORDER ended. A refusal for stock is an outcome the shopper can act on (each short line with what is left),
 * not a failure; nothing was ordered and the cart is untouched.
 */
export type PlaceOrderOutcome =
  | { status: 'placed'; orderId: string | null }
  | { status: 'refused'; message: string }
  /** The store prices the lines differently now: `total` is what it would charge. Nothing was ordered. */
  | { status: 'priceChanged'; message: string; total: number }
  | { status: 'outOfStock'; message: string; shortfalls: readonly StockShortfall[] };

interface Attempt {
  key: string;
  /** The form and cart the key was made for. */
  fingerprint: string;
  request: OrderRequest;
}

export interface CheckoutContext {
  signedIn: boolean;
  form: DeliveryForm;
  fieldErrors: FieldErrors<DeliveryAddressField>;
  /** The last attempt, kept after a failure so a retry of the same form and cart reuses its key. */
  attempt: Attempt | null;
  /** Once placed: the order's id, when the store answered one (our API does; a backend of the seed kind does not). */
  placedOrderId: string | null;
  /** In form.outOfStock: the lines the last attempt asked more of than the store has. */
  shortfalls: readonly StockShortfall[];
}

/** Emitted as the order is placed, before the cart empties: the UI confirms it, naming what was ordered. */
export interface CheckoutPlaced {
  type: 'checkout.placed';
  orderId: string | null;
}

/** Emitted when the store could not be reached: the order is kept on the device and sent later (queued-order-machine.ts). */
export interface CheckoutQueued {
  type: 'checkout.queued';
  request: OrderRequest;
}

export interface CheckoutInput {
  signedIn: boolean;
  /** Prefill, e.g. the shopper's email. */
  form?: Partial<DeliveryForm>;
}

export type CheckoutMachineEvent =
  | { type: 'checkout.fieldChanged'; field: DeliveryAddressField; value: string }
  /** PLACE ORDER, with the cart's lines and total (amount plus delivery fee) as the screen shows them. */
  | { type: 'checkout.submitted'; lines: readonly OrderLine[]; total: number }
  | { type: 'checkout.signedIn' }
  | { type: 'checkout.signedOut' };

export const EMPTY_CART_MESSAGE = 'Your cart is empty';
const FALLBACK_FAILURE = 'Could not place your order';

function fingerprintOf(address: DeliveryAddress, orderLines: readonly OrderLine[], total: number): string {
  // Only what the API reads counts, in a fixed order: the same cart is the same order however it was listed.
  const lines = orderLines
    .map((line) => [line.productId, line.size, line.quantity] as const)
    .sort(([a, sa], [b, sb]) => (a === b ? sa.localeCompare(sb) : a.localeCompare(b)));
  return JSON.stringify([address, lines, total]);
}

function newIdempotencyKey(): string {
  return globalThis.crypto.randomUUID();
}

export const checkoutMachine = setup({
  types: {
    context: {} as CheckoutContext,
    events: {} as CheckoutMachineEvent,
    input: {} as CheckoutInput,
    emitted: {} as CheckoutPlaced | CheckoutQueued,
  },
  actors: {
    placeOrder: fromPromise<PlaceOrderOutcome, OrderRequest>(() =>
      Promise.reject(new Error('placeOrder was not provided to checkoutMachine')),
    ),
  },
  actions: {
    /** Empty the cart (cartActor.send({ type: 'cart.orderPlaced' })); the UI then goes to /orders. */
    clearCart: () => undefined,
    notifyError: (_, _params: { message: string }) => undefined,
    /** Tells whoever listens that the order is placed, naming it (its id when the store gave one). */
    confirmOrder: emit(({ context }): CheckoutPlaced => ({
      type: 'checkout.placed',
      orderId: context.placedOrderId,
    })),
    /** The UI keeps the attempt (its key too) on the device; the cart stays until the order is placed. */
    queueOrder: emit(({ context }): CheckoutQueued => ({
      type: 'checkout.queued',
      request: context.attempt!.request,
    })),
    updateField: assign(({ context, event }) => {
      if (event.type !== 'checkout.fieldChanged') return {};
      const { [event.field]: _fixed, ...otherErrors } = context.fieldErrors;
      return { form: { ...context.form, [event.field]: event.value }, fieldErrors: otherErrors };
    }),
    showFieldErrors: assign(({ context }) => {
      const check = checkDeliveryForm(context.form);
      return { fieldErrors: check.ok ? {} : check.fieldErrors };
    }),
    // A retry of the same form and cart keeps the key, so however many times it is sent the API makes one order.
    startAttempt: assign(({ context, event }) => {
      const check = checkDeliveryForm(context.form);
      if (event.type !== 'checkout.submitted' || !check.ok) return {};
      const fingerprint = fingerprintOf(check.address, event.lines, event.total);
      const key = context.attempt?.fingerprint === fingerprint ? context.attempt.key : newIdempotencyKey();
      const request = { address: check.address, lines: event.lines, total: event.total, idempotencyKey: key };
      return { fieldErrors: {}, attempt: { key, fingerprint, request } };
    }),
    setSignedIn: assign((_, params: { signedIn: boolean }) => ({ signedIn: params.signedIn })),
    rememberOrder: assign((_, params: { outcome: PlaceOrderOutcome }) => ({
      placedOrderId: params.outcome.status === 'placed' ? params.outcome.orderId : null,
    })),
    rememberShortfalls: assign((_, params: { outcome: PlaceOrderOutcome }) => ({
      shortfalls: params.outcome.status === 'outOfStock' ? params.outcome.shortfalls : [],
    })),
    forgetShortfalls: assign({ shortfalls: [] }),
  },
  guards: {
    signedIn: ({ context }) => context.signedIn,
    cartEmpty: ({ event }) => event.type === 'checkout.submitted' && event.lines.length === 0,
    formValid: ({ context }) => checkDeliveryForm(context.form).ok,
    orderAccepted: (_, params: { outcome: PlaceOrderOutcome }) => params.outcome.status === 'placed',
    outOfStock: (_, params: { outcome: PlaceOrderOutcome }) => params.outcome.status === 'outOfStock',
  },
}).createMachine({
  id: 'checkout',
  context: ({ input }) => ({
    signedIn: input.signedIn,
    form: { ...EMPTY_DELIVERY_FORM, ...input.form },
    fieldErrors: {},
    attempt: null,
    placedOrderId: null,
    shortfalls: [],
  }),
  initial: 'signInRequired',
  states: {
    /** The UI sends the shopper to sign in; orders need an account (spec section 6). */
    signInRequired: {
      always: { guard: 'signedIn', target: 'form' },
      on: {
        'checkout.signedIn': { target: 'form', actions: { type: 'setSignedIn', params: { signedIn: true } } },
      },
    },
    form: {
      initial: 'editing',
      on: {
        'checkout.fieldChanged': { target: '.editing', actions: 'updateField' },
        'checkout.submitted': [
          {
            guard: 'cartEmpty',
            actions: { type: 'notifyError', params: { message: EMPTY_CART_MESSAGE } },
          },
          { guard: 'formValid', target: 'placing', actions: 'startAttempt' },
          // Nothing is sent; each field shows its message until it is edited.
          { actions: 'showFieldErrors' },
        ],
        'checkout.signedOut': {
          target: 'signInRequired',
          actions: { type: 'setSignedIn', params: { signedIn: false } },
        },
      },
      states: {
        editing: {},
        /** The order failed; the form is kept and PLACE ORDER tries again. */
        failed: {},
        /**
         * Fewer pairs than some lines ask for: the shopper fixes them through the cart (a new attempt, a new key). The
         * shortfalls stay shown while the address is edited: they are about the cart.
         */
        outOfStock: {
          exit: 'forgetShortfalls',
          on: { 'checkout.fieldChanged': { actions: 'updateField' } },
        },
      },
    },
    // No events are handled here: a double click while the order is on its way is ignored.
    placing: {
      invoke: {
        id: 'placeOrder',
        src: 'placeOrder',
        input: ({ context }) => context.attempt!.request,
        onDone: [
          {
            guard: { type: 'orderAccepted', params: ({ event }) => ({ outcome: event.output }) },
            target: 'placed',
            actions: { type: 'rememberOrder', params: ({ event }) => ({ outcome: event.output }) },
          },
          {
            guard: { type: 'outOfStock', params: ({ event }) => ({ outcome: event.output }) },
            target: 'form.outOfStock',
            actions: { type: 'rememberShortfalls', params: ({ event }) => ({ outcome: event.output }) },
          },
          {
            target: 'form.failed',
            actions: {
              type: 'notifyError',
              params: ({ event }) => ({
                message:
                  event.output.status !== 'placed' && event.output.message !== ''
                    ? event.output.message
                    : FALLBACK_FAILURE,
              }),
            },
          },
        ],
        onError: [
          // No answer at all: the order may or may not have arrived; its key makes sending it again safe.
          { guard: ({ event }) => isStoreUnreachable(event.error), target: 'queued' },
          {
            target: 'form.failed',
            actions: { type: 'notifyError', params: ({ event }) => ({ message: errorMessage(event.error) }) },
          },
        ],
      },
    },
    /** Kept on the device, to be sent when the connection is back; the UI goes to /orders, where it waits. */
    queued: { type: 'final', entry: 'queueOrder' },
    /** The UI goes to /orders when the actor is done. */
    placed: { type: 'final', entry: ['confirmOrder', 'clearCart'] },
  },
});

export type CheckoutSnapshot = SnapshotFrom<typeof checkoutMachine>;

export const selectPlacingOrder = (snapshot: CheckoutSnapshot): boolean => snapshot.matches('placing');
export const selectOrderPlaced = (snapshot: CheckoutSnapshot): boolean => snapshot.matches('placed');
export const selectOrderQueued = (snapshot: CheckoutSnapshot): boolean => snapshot.matches('queued');
export const selectSignInRequired = (snapshot: CheckoutSnapshot): boolean =>
  snapshot.matches('signInRequired');
/** The lines the store refused the last attempt for; empty unless the order was refused for stock. */
export const selectStockShortfalls = (snapshot: CheckoutSnapshot): readonly StockShortfall[] =>
  snapshot.context.shortfalls;
