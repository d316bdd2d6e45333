import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, type AnyMachineSnapshot } from 'xstate';
import { orderMoveRefusal } from '#domain/order-life';
import {
  activeStateNodeIds,
  allStateNodeIds,
  predictedSnapshot,
  transitionCoveringPaths,
} from '../test-support/model-paths.js';
import {
  cancelOrderMachine,
  selectCancelMessage,
  type CancelOrderEvent,
  type CancelOrderInput,
  type CancelOutcome,
} from './cancel-order-machine.js';

const TOO_LATE = orderMoveRefusal('Packing', 'Cancelled', 'shopper')!;
const OFFLINE = 'The store could not be reached. Check your connection and try again.';

type DrivenEvent =
  | CancelOrderEvent
  | { type: 'xstate.done.actor.cancelCall'; output: CancelOutcome }
  | { type: 'xstate.error.actor.cancelCall'; error: Error };

const DONE = 'xstate.done.actor.cancelCall';
const ERROR = 'xstate.error.actor.cancelCall';

function startCancel(input: CancelOrderInput) {
  const calls: string[] = [];
  let changed = 0;
  let answer: { resolve: (outcome: CancelOutcome) => void; reject: (error: Error) => void } | undefined;
  const actor = createActor(
    cancelOrderMachine.provide({
      actors: {
        cancelOrder: fromPromise<CancelOutcome, { orderId: string }>(({ input: { orderId } }) => {
          calls.push(orderId);
          return new Promise((resolve, reject) => (answer = { resolve, reject }));
        }),
      },
      actions: { orderChanged: () => (changed += 1) },
    }),
    { input },
  ).start();
  return { actor, calls, changed: () => changed, answer: () => answer };
}

const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

async function drive(cancel: ReturnType<typeof startCancel>, event: DrivenEvent): Promise<void> {
  if (event.type === DONE) cancel.answer()?.resolve(event.output);
  else if (event.type === ERROR) cancel.answer()?.reject(event.error);
  else cancel.actor.send(event);
  await settle();
}

/** The shopper's cancel, read from the brief: confirm first, one call at a time, the store's refusal shown. */
class ExpectedCancel {
  state: 'idle' | 'confirming' | 'cancelling' | 'cancelled' | 'refused' | 'failed' = 'idle';
  message: string | null = null;
  calls = 0;
  changed = 0;
  constructor(private cancellable: boolean) {}

  apply(event: DrivenEvent): void {
    switch (this.state) {
      case 'idle':
        if (event.type === 'cancel.opened' && this.cancellable) this.state = 'confirming';
        break;
      case 'confirming':
        if (event.type === 'cancel.confirmed') this.send();
        if (event.type === 'cancel.dismissed') this.state = 'idle';
        break;
      case 'cancelling':
        if (event.type === DONE) {
          this.state = event.output.status === 'cancelled' ? 'cancelled' : 'refused';
          if (event.output.status === 'refused') this.message = event.output.message;
          this.changed += 1;
        }
        if (event.type === ERROR) {
          this.state = 'failed';
          this.message = event.error.message;
        }
        break;
      case 'refused':
        if (event.type === 'cancel.dismissed') {
          this.state = 'idle';
          this.message = null;
          // Refused once: the store said it is too late, so the action is not offered again.
          this.cancellable = false;
        }
        break;
      case 'failed':
        if (event.type === 'cancel.retried') this.send();
        if (event.type === 'cancel.dismissed') {
          this.state = 'idle';
          this.message = null;
        }
        break;
      case 'cancelled':
        break;
    }
  }

  private send(): void {
    this.state = 'cancelling';
    this.message = null;
    this.calls += 1;
  }
}

describe('cancelOrderMachine model paths', () => {
  const shopperEvents: CancelOrderEvent[] = [
    { type: 'cancel.opened' },
    { type: 'cancel.confirmed' },
    { type: 'cancel.dismissed' },
    { type: 'cancel.retried' },
  ];
  const eventsIn = (snapshot: AnyMachineSnapshot): DrivenEvent[] => {
    if (snapshot.status === 'done') return [];
    if (!snapshot.matches('cancelling')) return shopperEvents;
    return [
      ...shopperEvents,
      { type: DONE, output: { status: 'cancelled' } },
      { type: DONE, output: { status: 'refused', message: TOO_LATE } },
      { type: ERROR, error: new Error(OFFLINE) },
    ];
  };

  for (const input of [
    { orderId: 'o1', status: 'Order Placed', cancellable: true },
    { orderId: 'o2', status: 'Order Placed', cancellable: false },
    { orderId: 'o3', status: 'Shipped', cancellable: true },
  ] satisfies CancelOrderInput[]) {
    describe(`${input.status}, cancellable: ${String(input.cancellable)}`, () => {
      const paths = transitionCoveringPaths<typeof cancelOrderMachine, DrivenEvent>(cancelOrderMachine, {
        input,
        events: eventsIn,
      });

      if (input.orderId === 'o1') {
        it('reach every state node', () => {
          const reached = new Set(
            paths.flatMap((path) =>
              activeStateNodeIds(
                'cancelOrder',
                predictedSnapshot(cancelOrderMachine, input, path.events).value,
              ),
            ),
          );
          expect([...reached].sort()).toEqual(allStateNodeIds(cancelOrderMachine).sort());
        });
      }

      it.each(paths)('$name', async ({ events }) => {
        const cancel = startCancel(input);
        // The shop's rules (domain/order-life.ts): a shopper cancels only an order not yet packed.
        const expected = new ExpectedCancel(input.cancellable && input.status === 'Order Placed');
        for (const event of events) {
          await drive(cancel, event);
          expected.apply(event);
        }
        const snapshot = cancel.actor.getSnapshot();
        expect(snapshot.value).toBe(expected.state);
        expect(selectCancelMessage(snapshot)).toBe(expected.message);
        expect(cancel.calls).toEqual(Array.from({ length: expected.calls }, () => input.orderId));
        expect(cancel.changed()).toBe(expected.changed);
        cancel.actor.stop();
      });
    });
  }
});

describe('cancelOrderMachine rules', () => {
  it('asks before cancelling: nothing is sent until the shopper confirms', () => {
    const cancel = startCancel({ orderId: 'o1', status: 'Order Placed', cancellable: true });
    cancel.actor.send({ type: 'cancel.opened' });
    expect(cancel.actor.getSnapshot().value).toBe('confirming');
    expect(cancel.calls).toEqual([]);
    cancel.actor.send({ type: 'cancel.confirmed' });
    expect(cancel.calls).toEqual(['o1']);
  });

  it('a double confirm sends one cancellation', () => {
    const cancel = startCancel({ orderId: 'o1', status: 'Order Placed', cancellable: true });
    cancel.actor.send({ type: 'cancel.opened' });
    cancel.actor.send({ type: 'cancel.confirmed' });
    cancel.actor.send({ type: 'cancel.confirmed' });
    expect(cancel.calls).toHaveLength(1);
  });

  it("keeps the store's reason when it is too late, and tells the page the order changed", async () => {
    const cancel = startCancel({ orderId: 'o1', status: 'Order Placed', cancellable: true });
    cancel.actor.send({ type: 'cancel.opened' });
    cancel.actor.send({ type: 'cancel.confirmed' });
    await drive(cancel, { type: DONE, output: { status: 'refused', message: TOO_LATE } });
    expect(cancel.actor.getSnapshot().value).toBe('refused');
    expect(selectCancelMessage(cancel.actor.getSnapshot())).toMatch(
      /already Packing: it can no longer be cancelled/,
    );
    expect(cancel.changed()).toBe(1);
  });

  it('a failed call can be sent again, and then cancels', async () => {
    const cancel = startCancel({ orderId: 'o1', status: 'Order Placed', cancellable: true });
    cancel.actor.send({ type: 'cancel.opened' });
    cancel.actor.send({ type: 'cancel.confirmed' });
    await drive(cancel, { type: ERROR, error: new Error(OFFLINE) });
    expect(selectCancelMessage(cancel.actor.getSnapshot())).toBe(OFFLINE);
    cancel.actor.send({ type: 'cancel.retried' });
    await drive(cancel, { type: DONE, output: { status: 'cancelled' } });
    expect(cancel.calls).toEqual(['o1', 'o1']);
    expect(cancel.actor.getSnapshot().status).toBe('done');
  });

  it('offers nothing for an order the store says cannot be cancelled, or one already packed', () => {
    for (const input of [
      { orderId: 'o1', status: 'Order Placed', cancellable: false },
      { orderId: 'o1', status: 'Packing', cancellable: true },
      { orderId: 'o1', status: 'Cancelled', cancellable: true },
    ]) {
      const cancel = startCancel(input);
      cancel.actor.send({ type: 'cancel.opened' });
      expect(cancel.actor.getSnapshot().value).toBe('idle');
    }
  });
});
