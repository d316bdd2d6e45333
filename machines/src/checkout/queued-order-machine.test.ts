import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { confirmedOrderKey, QUEUED_ORDER_LIFETIME_MS } from '#domain/queued-order';
import { VALID_ADDRESS } from '#domain/test-support/sample-address';
import { StoreUnreachableError } from '../store-errors.js';
import {
  activeStateNodeIds,
  allStateNodeIds,
  predictedSnapshot,
  transitionCoveringPaths,
} from '../test-support/model-paths.js';
import type { OrderRequest, PlaceOrderOutcome } from './checkout-machine.js';
import {
  queuedOrderMachine,
  queuedOrderStatus,
  type QueuedOrder,
  type QueuedOrderEmitted,
  type QueuedOrderEvent,
} from './queued-order-machine.js';

const QUEUED_AT = 1_700_000_000_000;
const HOUR = 60 * 60 * 1000;
const LATER = QUEUED_AT + HOUR;
const TOO_LATE = QUEUED_AT + QUEUED_ORDER_LIFETIME_MS + 1;
const KEY = 'first-attempt-key-1';

const ORDER: QueuedOrder = {
  id: KEY,
  account: 'account-1',
  request: {
    address: { ...VALID_ADDRESS },
    lines: [{ productId: 'p1', size: 'UK 8', quantity: 2 }],
    total: 210,
    idempotencyKey: KEY,
  },
  queuedAt: QUEUED_AT,
  newTotal: null,
  items: [{ productId: 'p1', size: 'UK 8', quantity: 2, name: 'Stride Pro', price: 100, image: null }],
};
const PRICE_CHANGED: PlaceOrderOutcome = {
  status: 'priceChanged',
  message: 'Prices have changed',
  total: 230,
};

type DrivenEvent =
  | QueuedOrderEvent
  | { type: 'xstate.done.actor.sendOrder'; output: PlaceOrderOutcome }
  | { type: 'xstate.error.actor.sendOrder'; error: Error };

function startQueued(order: QueuedOrder = ORDER) {
  const sent: OrderRequest[] = [];
  const kept: QueuedOrder[] = [];
  const forgotten: string[] = [];
  const emitted: QueuedOrderEmitted[] = [];
  let answer: { resolve: (outcome: PlaceOrderOutcome) => void; reject: (error: Error) => void } | undefined;
  const actor = createActor(
    queuedOrderMachine.provide({
      actors: {
        sendOrder: fromPromise<PlaceOrderOutcome, OrderRequest>(({ input }) => {
          sent.push(input);
          return new Promise((resolve, reject) => (answer = { resolve, reject }));
        }),
      },
      actions: {
        keep: (_, { order: kept_ }) => kept.push(kept_),
        forget: (_, { id }) => forgotten.push(id),
      },
    }),
    { input: { order } },
  );
  for (const type of ['queued.placed', 'queued.refused', 'queued.expired'] as const)
    actor.on(type, (event) => emitted.push(event));
  actor.start();
  return { actor, sent, kept, forgotten, emitted, answer: () => answer };
}

const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

async function drive(queued: ReturnType<typeof startQueued>, event: DrivenEvent): Promise<void> {
  if (event.type === 'xstate.done.actor.sendOrder') queued.answer()?.resolve(event.output);
  else if (event.type === 'xstate.error.actor.sendOrder') queued.answer()?.reject(event.error);
  else queued.actor.send(event);
  await settle();
}

/** The rules, read independently: what a kept order does with each event. */
class ExpectedQueuedOrder {
  state: 'waiting' | 'sending' | 'confirming' | 'placed' | 'refused' | 'expired' | 'discarded' = 'waiting';
  total = ORDER.request.total;
  key = KEY;
  toConfirm: number | null = null;
  sends: Array<{ key: string; total: number }> = [];

  apply(event: DrivenEvent): void {
    const tooOld = 'at' in event && event.at - QUEUED_AT > QUEUED_ORDER_LIFETIME_MS;
    if (this.state === 'waiting') {
      if (event.type === 'queued.discard') this.state = 'discarded';
      else if (event.type === 'queued.send') this.state = tooOld ? 'expired' : 'sending';
    } else if (this.state === 'confirming') {
      if (event.type === 'queued.discard') this.state = 'discarded';
      else if (event.type === 'queued.confirm' && tooOld) this.state = 'expired';
      else if (event.type === 'queued.confirm') {
        this.total = this.toConfirm!;
        this.key = confirmedOrderKey(KEY, this.total);
        this.toConfirm = null;
        this.state = 'sending';
      }
    } else if (this.state === 'sending') {
      if (event.type === 'xstate.error.actor.sendOrder') this.state = 'waiting';
      else if (event.type === 'xstate.done.actor.sendOrder') {
        const { output } = event;
        if (output.status === 'placed') this.state = 'placed';
        else if (output.status === 'priceChanged') {
          this.toConfirm = output.total;
          this.state = 'confirming';
        } else this.state = 'refused';
      }
      return;
    }
    if (this.state === 'sending') this.sends.push({ key: this.key, total: this.total });
  }
}

describe('queuedOrderMachine model paths', () => {
  const own: QueuedOrderEvent[] = [
    { type: 'queued.send', at: LATER },
    { type: 'queued.send', at: TOO_LATE },
    { type: 'queued.confirm', at: LATER },
    { type: 'queued.confirm', at: TOO_LATE },
    { type: 'queued.discard' },
  ];
  const paths = transitionCoveringPaths<typeof queuedOrderMachine, DrivenEvent>(queuedOrderMachine, {
    input: { order: ORDER },
    events: (snapshot) => {
      if (snapshot.status === 'done') return [];
      if (!snapshot.matches('sending')) return own;
      return [
        ...own,
        { type: 'xstate.done.actor.sendOrder', output: { status: 'placed', orderId: 'o-1' } },
        { type: 'xstate.done.actor.sendOrder', output: PRICE_CHANGED },
        { type: 'xstate.done.actor.sendOrder', output: { status: 'refused', message: 'No' } },
        {
          type: 'xstate.error.actor.sendOrder',
          error: new StoreUnreachableError('The store could not be reached.'),
        },
      ];
    },
    serializeState: (snapshot) => JSON.stringify([snapshot.value, snapshot.context.order.request.total]),
  });

  it('reach every state node', () => {
    const reached = new Set(
      paths.flatMap((path) =>
        activeStateNodeIds(
          'queuedOrder',
          predictedSnapshot(queuedOrderMachine, { order: ORDER }, path.events).value,
        ),
      ),
    );
    expect([...reached].sort()).toEqual(allStateNodeIds(queuedOrderMachine).sort());
  });

  it.each(paths)('$name', async ({ events }) => {
    const queued = startQueued();
    const expected = new ExpectedQueuedOrder();
    for (const event of events) {
      await drive(queued, event);
      expected.apply(event);
    }
    const snapshot = queued.actor.getSnapshot();
    expect(snapshot.value).toBe(expected.state);
    expect(queued.sent.map((r) => ({ key: r.idempotencyKey, total: r.total }))).toEqual(expected.sends);
    const done = ['placed', 'refused', 'expired', 'discarded'].includes(expected.state);
    expect(queued.forgotten).toEqual(done ? [KEY] : []);
    expect(queuedOrderStatus(snapshot)).toBe(
      done ? 'done' : expected.state === 'confirming' ? 'confirming' : 'waiting',
    );
    expect(queued.emitted.map((e) => e.type)).toEqual(
      expected.state === 'placed' || expected.state === 'refused' || expected.state === 'expired'
        ? [`queued.${expected.state}`]
        : [],
    );
    // What a reload would find: the total to confirm, or the confirmed total and its key.
    const lastKept = queued.kept.at(-1);
    if (expected.state === 'confirming') expect(lastKept?.newTotal).toBe(expected.toConfirm);
    if (lastKept && expected.state === 'sending') expect(lastKept.request.idempotencyKey).toBe(expected.key);
    queued.actor.stop();
  });
});

describe('queuedOrderMachine rules', () => {
  it('a kept order read back while it asks for a new total asks again, and sends nothing by itself', async () => {
    const queued = startQueued({ ...ORDER, newTotal: 230 });
    expect(queued.actor.getSnapshot().value).toBe('confirming');
    await drive(queued, { type: 'queued.send', at: LATER });
    expect(queued.sent).toEqual([]);
    await drive(queued, { type: 'queued.confirm', at: LATER });
    expect(queued.sent).toEqual([
      { ...ORDER.request, total: 230, idempotencyKey: confirmedOrderKey(KEY, 230) },
    ]);
  });

  it('confirmed keys are ones the store accepts', () => {
    expect(confirmedOrderKey(globalThis.crypto.randomUUID(), 123456.78)).toMatch(/^[A-Za-z0-9_.:-]{8,100}$/);
  });
});

/**
 * A store that honours idempotency keys and prices every order again, on a connection that comes and goes and
 * may lose an answer after the order was stored: what the issue asks is that exactly one order ever results,
 * at a total the shopper was shown.
 */
class FakeStore {
  up = false;
  price = ORDER.request.total;
  loseNextAnswer = false;
  readonly orders: Array<{ key: string; total: number }> = [];

  place(request: OrderRequest): Promise<PlaceOrderOutcome> {
    if (!this.up) return Promise.reject(new StoreUnreachableError('offline'));
    const earlier = this.orders.find((order) => order.key === request.idempotencyKey);
    if (!earlier && request.total !== this.price)
      return Promise.resolve({ status: 'priceChanged', message: 'Prices have changed', total: this.price });
    if (!earlier) this.orders.push({ key: request.idempotencyKey, total: request.total });
    if (this.loseNextAnswer) {
      this.loseNextAnswer = false;
      return Promise.reject(new StoreUnreachableError('answer lost'));
    }
    return Promise.resolve({ status: 'placed', orderId: 'o-1' });
  }
}

type Step = 'online' | 'offline' | 'priceUp' | 'loseAnswer' | 'send' | 'confirm' | 'reload';

describe('queuedOrderMachine against a store that keeps its keys', () => {
  it('makes at most one order, at a total the shopper saw, however the connection behaves', async () => {
    const steps = fc.array(
      fc.constantFrom<Step>('online', 'offline', 'priceUp', 'loseAnswer', 'send', 'confirm', 'reload'),
      { maxLength: 14 },
    );
    await fc.assert(
      fc.asyncProperty(steps, async (sequence) => {
        const store = new FakeStore();
        // What the device holds (an object: the machine's actions change it behind the type checker's back).
        const device: { stored: QueuedOrder | null } = { stored: ORDER };
        const shown = new Set([ORDER.request.total]);
        let placedEvents = 0;
        const start = () => {
          const actor = createActor(
            queuedOrderMachine.provide({
              actors: { sendOrder: fromPromise(({ input }: { input: OrderRequest }) => store.place(input)) },
              actions: {
                keep: (_, { order }) => (device.stored = order),
                forget: () => (device.stored = null),
              },
            }),
            { input: { order: device.stored! } },
          );
          actor.on('queued.placed', () => (placedEvents += 1));
          return actor.start();
        };
        let actor = start();
        for (const step of sequence) {
          if (step === 'online') store.up = true;
          else if (step === 'offline') store.up = false;
          else if (step === 'priceUp') store.price += 20;
          else if (step === 'loseAnswer') store.loseNextAnswer = true;
          else if (step === 'reload') {
            // Another tab or a reload: whatever the device kept is read back.
            actor.stop();
            if (device.stored === null) break;
            actor = start();
          } else if (step === 'send') actor.send({ type: 'queued.send', at: LATER });
          else {
            const asked = actor.getSnapshot().context.order.newTotal;
            if (asked !== null) shown.add(asked);
            actor.send({ type: 'queued.confirm', at: LATER });
          }
          await settle();
          if (actor.getSnapshot().status === 'done') break;
        }
        expect(store.orders.length).toBeLessThanOrEqual(1);
        for (const order of store.orders) expect(shown.has(order.total)).toBe(true);
        expect(placedEvents).toBeLessThanOrEqual(1);
        // Forgotten only once the store has the order (or the shopper or the clock gave it up: not in these steps).
        if (device.stored === null) expect(store.orders).toHaveLength(1);
        actor.stop();
      }),
      { numRuns: 300 },
    );
  });
});
