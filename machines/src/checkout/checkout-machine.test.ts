import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, type AnyMachineSnapshot } from 'xstate';
import { stockRefusalMessage, type StockShortfall } from '#domain/stock';
import {
  activeStateNodeIds,
  allStateNodeIds,
  predictedSnapshot,
  transitionCoveringPaths,
} from '../test-support/model-paths.js';
import { StoreUnreachableError } from '../store-errors.js';
import {
  checkoutMachine,
  EMPTY_CART_MESSAGE,
  selectOrderPlaced,
  selectOrderQueued,
  selectPlacingOrder,
  selectSignInRequired,
  selectStockShortfalls,
  type CheckoutInput,
  type CheckoutMachineEvent,
  type OrderRequest,
  type PlaceOrderOutcome,
} from './checkout-machine.js';
import type { DeliveryForm } from './delivery-form.js';

const FILLED: DeliveryForm = {
  firstName: 'Asha',
  lastName: 'Rao',
  email: 'Asha@Example.com',
  street: '12 MG Road',
  city: 'Bengaluru',
  state: 'Karnataka',
  zipcode: '',
  country: 'India',
  phone: '98765 43210',
};
const SHOES = [{ productId: 'p1', size: 'M', quantity: 2 }];
const SANDALS = [{ productId: 'p2', size: 'S', quantity: 1 }];
/** SHOES with the line set to what the store has left. */
const SHOES_FIXED = [{ productId: 'p1', size: 'M', quantity: 1 }];
const SHORT: StockShortfall[] = [{ productId: 'p1', name: 'Stride Pro', size: 'M', requested: 2, left: 1 }];
const OUT_OF_STOCK: PlaceOrderOutcome = {
  status: 'outOfStock',
  message: stockRefusalMessage(SHORT),
  shortfalls: SHORT,
};
const REFUSED = 'Prices have changed';
const OFFLINE = 'Failed to fetch';

type DrivenEvent =
  | CheckoutMachineEvent
  | { type: 'xstate.done.actor.placeOrder'; output: PlaceOrderOutcome }
  | { type: 'xstate.error.actor.placeOrder'; error: Error };

function startCheckout(input: CheckoutInput) {
  const requests: OrderRequest[] = [];
  const toasts: string[] = [];
  let cleared = 0;
  const queued: OrderRequest[] = [];
  let answer: { resolve: (response: PlaceOrderOutcome) => void; reject: (error: Error) => void } | undefined;
  const actor = createActor(
    checkoutMachine.provide({
      actors: {
        placeOrder: fromPromise<PlaceOrderOutcome, OrderRequest>(({ input: request }) => {
          requests.push(request);
          return new Promise((resolve, reject) => (answer = { resolve, reject }));
        }),
      },
      actions: {
        clearCart: () => (cleared += 1),
        notifyError: (_, { message }) => toasts.push(message),
      },
    }),
    { input },
  );
  actor.on('checkout.queued', ({ request }) => queued.push(request));
  actor.start();
  return { actor, requests, toasts, queued, cleared: () => cleared, answer: () => answer };
}

const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

async function drive(checkout: ReturnType<typeof startCheckout>, event: DrivenEvent): Promise<void> {
  if (event.type === 'xstate.done.actor.placeOrder') checkout.answer()?.resolve(event.output);
  else if (event.type === 'xstate.error.actor.placeOrder') checkout.answer()?.reject(event.error);
  else checkout.actor.send(event);
  await settle();
}

/** The spec's checkout, read independently, with the idempotency rule: one key per distinct form and cart. */
class ExpectedCheckout {
  signedIn = false;
  form = { ...FILLED };
  placing = false;
  placed = false;
  /** The store could not be reached: the last request is kept on the device. */
  queued = false;
  failed = false;
  /** Refused for stock: the lines to fix, until the next attempt. */
  shortfalls: readonly StockShortfall[] = [];
  toasts: string[] = [];
  /** For each request sent, which attempt (distinct form and cart) it belongs to. */
  attempts: number[] = [];
  private lastAttempt: { fingerprint: string; id: number } | undefined;
  private nextAttempt = 0;

  private formValid(): boolean {
    return (
      /^\d{3,10}$/.test(this.form.zipcode) && /^\+?\d{7,15}$/.test(this.form.phone.replace(/[\s-]/g, ''))
    );
  }

  apply(event: DrivenEvent): void {
    if (this.placed || this.queued) return;
    if (this.placing) {
      if (event.type === 'xstate.done.actor.placeOrder' && event.output.status === 'placed')
        this.placed = true;
      else if (event.type === 'xstate.done.actor.placeOrder' && event.output.status === 'refused')
        this.toasts.push(event.output.message);
      // An outcome, not a failure: no toast, the lines are shown to be fixed.
      else if (event.type === 'xstate.done.actor.placeOrder' && event.output.status === 'outOfStock')
        this.shortfalls = event.output.shortfalls;
      else if (event.type === 'xstate.error.actor.placeOrder' && event.error instanceof StoreUnreachableError)
        this.queued = true;
      else if (event.type === 'xstate.error.actor.placeOrder') this.toasts.push(event.error.message);
      else if (event.type === 'xstate.done.actor.placeOrder' && event.output.status === 'priceChanged')
        this.toasts.push(event.output.message);
      else return;
      this.placing = false;
      this.failed = !this.placed && !this.queued && this.shortfalls.length === 0;
      return;
    }
    if (!this.signedIn) {
      if (event.type === 'checkout.signedIn') this.signedIn = true;
      return;
    }
    switch (event.type) {
      case 'checkout.signedOut':
        this.signedIn = false;
        this.failed = false;
        this.shortfalls = [];
        break;
      case 'checkout.fieldChanged':
        this.form[event.field] = event.value;
        this.failed = false;
        break;
      case 'checkout.submitted': {
        if (event.lines.length === 0) {
          this.toasts.push(EMPTY_CART_MESSAGE);
          break;
        }
        if (!this.formValid()) break;
        const fingerprint = JSON.stringify([this.form.zipcode, this.form.phone, event.lines, event.total]);
        if (this.lastAttempt?.fingerprint !== fingerprint)
          this.lastAttempt = { fingerprint, id: this.nextAttempt++ };
        this.attempts.push(this.lastAttempt.id);
        this.placing = true;
        this.failed = false;
        this.shortfalls = [];
        break;
      }
      default:
        break;
    }
  }
}

describe('checkoutMachine model paths', () => {
  const formEvents: CheckoutMachineEvent[] = [
    { type: 'checkout.signedIn' },
    { type: 'checkout.signedOut' },
    { type: 'checkout.fieldChanged', field: 'zipcode', value: '560001' },
    { type: 'checkout.fieldChanged', field: 'zipcode', value: '12' },
    { type: 'checkout.fieldChanged', field: 'phone', value: 'call me' },
    { type: 'checkout.submitted', lines: SHOES, total: 210 },
    { type: 'checkout.submitted', lines: SANDALS, total: 60 },
    // The cart fixed after a refusal for stock.
    { type: 'checkout.submitted', lines: SHOES_FIXED, total: 110 },
    { type: 'checkout.submitted', lines: [], total: 0 },
  ];
  const eventsIn = (snapshot: AnyMachineSnapshot): DrivenEvent[] => {
    if (snapshot.status === 'done') return [];
    if (!snapshot.matches('placing')) return formEvents;
    return [
      ...formEvents,
      { type: 'xstate.done.actor.placeOrder', output: { status: 'placed', orderId: null } },
      { type: 'xstate.done.actor.placeOrder', output: { status: 'refused', message: REFUSED } },
      { type: 'xstate.done.actor.placeOrder', output: OUT_OF_STOCK },
      {
        type: 'xstate.done.actor.placeOrder',
        output: { status: 'priceChanged', message: REFUSED, total: 230 },
      },
      { type: 'xstate.error.actor.placeOrder', error: new Error(OFFLINE) },
      { type: 'xstate.error.actor.placeOrder', error: new StoreUnreachableError(OFFLINE) },
    ];
  };
  const input: CheckoutInput = { signedIn: false, form: FILLED };
  const paths = transitionCoveringPaths<typeof checkoutMachine, DrivenEvent>(checkoutMachine, {
    input,
    events: eventsIn,
    // Which of the offered values the form holds, the errors shown, and which cart the last attempt was for.
    serializeState: (snapshot) => {
      const { form, fieldErrors, attempt } = snapshot.context;
      return JSON.stringify([
        snapshot.value,
        form.zipcode,
        form.phone,
        Object.keys(fieldErrors).sort(),
        attempt?.fingerprint ?? null,
      ]);
    },
  });

  it('reach every state node', () => {
    const reached = new Set(
      paths.flatMap((path) =>
        activeStateNodeIds('checkout', predictedSnapshot(checkoutMachine, input, path.events).value),
      ),
    );
    expect([...reached].sort()).toEqual(allStateNodeIds(checkoutMachine).sort());
  });

  it.each(paths)('$name', async ({ events }) => {
    const checkout = startCheckout(input);
    const expected = new ExpectedCheckout();
    for (const event of events) {
      await drive(checkout, event);
      expected.apply(event);
    }
    const snapshot = checkout.actor.getSnapshot();
    expect(snapshot.value).toEqual(predictedSnapshot(checkoutMachine, input, events).value);
    expect(selectSignInRequired(snapshot)).toBe(!expected.signedIn && !expected.placed && !expected.queued);
    expect(selectPlacingOrder(snapshot)).toBe(expected.placing);
    expect(selectOrderPlaced(snapshot)).toBe(expected.placed);
    expect(selectOrderQueued(snapshot)).toBe(expected.queued);
    // What is kept is the request last sent, key and all.
    expect(checkout.queued).toEqual(expected.queued ? [checkout.requests.at(-1)] : []);
    expect(snapshot.matches({ form: 'failed' })).toBe(expected.failed && expected.signedIn);
    expect(snapshot.matches({ form: 'outOfStock' })).toBe(expected.shortfalls.length > 0);
    expect(selectStockShortfalls(snapshot)).toEqual(expected.shortfalls);
    expect(checkout.toasts).toEqual(expected.toasts);
    expect(checkout.cleared()).toBe(expected.placed ? 1 : 0);
    // Requests of the same attempt share one key; a changed form or cart gets a new one.
    const keys = checkout.requests.map((request) => request.idempotencyKey);
    expect(keys).toHaveLength(expected.attempts.length);
    for (let i = 0; i < keys.length; i++) {
      for (let j = 0; j < i; j++) {
        expect(keys[i] === keys[j]).toBe(expected.attempts[i] === expected.attempts[j]);
      }
    }
    if (!expected.placed && !expected.queued) expect(snapshot.context.form).toEqual(expected.form);
    checkout.actor.stop();
  });
});

describe('checkoutMachine rules', () => {
  const ready = () => {
    const checkout = startCheckout({ signedIn: true, form: { ...FILLED, zipcode: '560001' } });
    return checkout;
  };

  it('sends the address as the API will store it, the cart lines, the total and a key the API accepts', () => {
    const checkout = ready();
    checkout.actor.send({ type: 'checkout.submitted', lines: SHOES, total: 210 });
    expect(checkout.requests).toEqual([
      {
        address: { ...FILLED, email: 'asha@example.com', zipcode: '560001', phone: '9876543210' },
        lines: SHOES,
        total: 210,
        idempotencyKey: expect.stringMatching(/^[A-Za-z0-9_.:-]{8,100}$/) as unknown,
      },
    ]);
  });

  it('a double click places one order', () => {
    const checkout = ready();
    checkout.actor.send({ type: 'checkout.submitted', lines: SHOES, total: 210 });
    checkout.actor.send({ type: 'checkout.submitted', lines: SHOES, total: 210 });
    expect(checkout.requests).toHaveLength(1);
  });

  it('a retry after a lost answer reuses the key, so the API replays the order instead of making another', async () => {
    const checkout = ready();
    checkout.actor.send({ type: 'checkout.submitted', lines: SHOES, total: 210 });
    await drive(checkout, { type: 'xstate.error.actor.placeOrder', error: new Error(OFFLINE) });
    expect(checkout.toasts).toEqual([OFFLINE]);
    // The same cart listed in another order is the same order.
    checkout.actor.send({ type: 'checkout.submitted', lines: [...SHOES], total: 210 });
    await drive(checkout, {
      type: 'xstate.done.actor.placeOrder',
      output: { status: 'placed', orderId: null },
    });
    const [first, retry] = checkout.requests;
    expect(retry?.idempotencyKey).toBe(first?.idempotencyKey);
    expect(checkout.cleared()).toBe(1);
    expect(checkout.actor.getSnapshot().status).toBe('done');
  });

  it("keeps the placed order's id when the store answers one, for the confirmation", async () => {
    const withId = ready();
    withId.actor.send({ type: 'checkout.submitted', lines: SHOES, total: 210 });
    await drive(withId, {
      type: 'xstate.done.actor.placeOrder',
      output: { status: 'placed', orderId: 'order-7' },
    });
    expect(withId.actor.getSnapshot().context.placedOrderId).toBe('order-7');
    const without = ready();
    without.actor.send({ type: 'checkout.submitted', lines: SHOES, total: 210 });
    await drive(without, {
      type: 'xstate.done.actor.placeOrder',
      output: { status: 'placed', orderId: null },
    });
    expect(without.actor.getSnapshot().status).toBe('done');
    expect(without.actor.getSnapshot().context.placedOrderId).toBeNull();
  });

  it('a changed form after a failure gets a new key', async () => {
    const checkout = ready();
    checkout.actor.send({ type: 'checkout.submitted', lines: SHOES, total: 210 });
    await drive(checkout, {
      type: 'xstate.done.actor.placeOrder',
      output: { status: 'refused', message: REFUSED },
    });
    checkout.actor.send({ type: 'checkout.fieldChanged', field: 'city', value: 'Mysuru' });
    checkout.actor.send({ type: 'checkout.submitted', lines: SHOES, total: 210 });
    const [first, second] = checkout.requests;
    expect(second?.idempotencyKey).not.toBe(first?.idempotencyKey);
  });

  it('an order refused for stock keeps the form and the cart, toasts nothing, and holds the lines to fix', async () => {
    const checkout = ready();
    checkout.actor.send({ type: 'checkout.submitted', lines: SHOES, total: 210 });
    await drive(checkout, { type: 'xstate.done.actor.placeOrder', output: OUT_OF_STOCK });
    const snapshot = checkout.actor.getSnapshot();
    expect(snapshot.matches({ form: 'outOfStock' })).toBe(true);
    expect(selectStockShortfalls(snapshot)).toEqual(SHORT);
    expect(snapshot.context.form).toEqual({ ...FILLED, zipcode: '560001' });
    expect(checkout.cleared()).toBe(0);
    expect(checkout.toasts).toEqual([]);
    // Editing the address does not hide them: they are about the cart.
    checkout.actor.send({ type: 'checkout.fieldChanged', field: 'city', value: 'Mysuru' });
    expect(selectStockShortfalls(checkout.actor.getSnapshot())).toEqual(SHORT);
  });

  it('the cart fixed after a refusal for stock is a new attempt with a new key, and places the order', async () => {
    const checkout = ready();
    checkout.actor.send({ type: 'checkout.submitted', lines: SHOES, total: 210 });
    await drive(checkout, { type: 'xstate.done.actor.placeOrder', output: OUT_OF_STOCK });
    checkout.actor.send({ type: 'checkout.submitted', lines: SHOES_FIXED, total: 110 });
    expect(selectStockShortfalls(checkout.actor.getSnapshot())).toEqual([]);
    await drive(checkout, {
      type: 'xstate.done.actor.placeOrder',
      output: { status: 'placed', orderId: 'order-8' },
    });
    const [refused, placed] = checkout.requests;
    expect(placed?.lines).toEqual(SHOES_FIXED);
    expect(placed?.address).toEqual(refused?.address);
    expect(placed?.idempotencyKey).not.toBe(refused?.idempotencyKey);
    expect(checkout.cleared()).toBe(1);
    expect(checkout.actor.getSnapshot().status).toBe('done');
  });

  it('a second refusal for stock shows the new lines, not the old ones', async () => {
    const checkout = ready();
    checkout.actor.send({ type: 'checkout.submitted', lines: SHOES, total: 210 });
    await drive(checkout, { type: 'xstate.done.actor.placeOrder', output: OUT_OF_STOCK });
    checkout.actor.send({ type: 'checkout.submitted', lines: SHOES_FIXED, total: 110 });
    const soldOut: StockShortfall[] = [
      { productId: 'p1', name: 'Stride Pro', size: 'M', requested: 1, left: 0 },
    ];
    await drive(checkout, {
      type: 'xstate.done.actor.placeOrder',
      output: { status: 'outOfStock', message: stockRefusalMessage(soldOut), shortfalls: soldOut },
    });
    expect(selectStockShortfalls(checkout.actor.getSnapshot())).toEqual(soldOut);
  });

  it('shows the API’s own message under each invalid field and sends nothing', () => {
    const checkout = startCheckout({ signedIn: true });
    checkout.actor.send({ type: 'checkout.fieldChanged', field: 'zipcode', value: '12' });
    checkout.actor.send({ type: 'checkout.submitted', lines: SHOES, total: 210 });
    const { fieldErrors } = checkout.actor.getSnapshot().context;
    expect(fieldErrors).toMatchObject({
      firstName: 'First name is required',
      email: 'Please enter a valid email',
      zipcode: 'Zip code must be 3 to 10 digits',
      phone: 'Phone is required',
    });
    expect(Object.keys(fieldErrors)).toHaveLength(9);
    checkout.actor.send({ type: 'checkout.fieldChanged', field: 'zipcode', value: '560001' });
    expect(checkout.actor.getSnapshot().context.fieldErrors.zipcode).toBeUndefined();
    expect(checkout.requests).toEqual([]);
  });
});
