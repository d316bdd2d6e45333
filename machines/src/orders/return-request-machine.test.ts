import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, type AnyMachineSnapshot } from 'xstate';
import { RETURN_REASONS, type ReturnKind, type ReturnReason } from '#domain/order-life';
import {
  activeStateNodeIds,
  allStateNodeIds,
  predictedSnapshot,
  transitionCoveringPaths,
} from '../test-support/model-paths.js';
import {
  MISSING,
  returnRequestMachine,
  selectReturnMessage,
  selectReturnSubmitting,
  type ReturnAsk,
  type ReturnField,
  type ReturnOutcome,
  type ReturnRequestEvent,
  type ReturnRequestInput,
} from './return-request-machine.js';

const DAY = 24 * 60 * 60 * 1000;
const OPEN: ReturnRequestInput = {
  orderId: 'o1',
  productId: 'p1',
  size: '8',
  returnableUntil: Date.now() + 3 * DAY,
  exchangeSizes: ['7', '9'],
};
const CLOSED_WINDOW = 'The return window for this order closed on 2 Dec.';
const SOLD_OUT = 'Stride Pro, 9 is sold out';
const OFFLINE = 'The store could not be reached. Check your connection and try again.';
const DONE = 'xstate.done.actor.returnCall';
const ERROR = 'xstate.error.actor.returnCall';

type DrivenEvent =
  ReturnRequestEvent | { type: typeof DONE; output: ReturnOutcome } | { type: typeof ERROR; error: Error };

function startReturn(input: ReturnRequestInput) {
  const asks: ReturnAsk[] = [];
  let changed = 0;
  let answer: { resolve: (outcome: ReturnOutcome) => void; reject: (error: Error) => void } | undefined;
  const actor = createActor(
    returnRequestMachine.provide({
      actors: {
        requestReturn: fromPromise<ReturnOutcome, ReturnAsk>(({ input: ask }) => {
          asks.push(ask);
          return new Promise((resolve, reject) => (answer = { resolve, reject }));
        }),
      },
      actions: { orderChanged: () => (changed += 1) },
    }),
    { input },
  ).start();
  return { actor, asks, changed: () => changed, answer: () => answer };
}

const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

async function drive(request: ReturnType<typeof startReturn>, event: DrivenEvent): Promise<void> {
  if (event.type === DONE) request.answer()?.resolve(event.output);
  else if (event.type === ERROR) request.answer()?.reject(event.error);
  else request.actor.send(event);
  await settle();
}

type State = 'closed' | 'choosing' | 'submitting' | 'requested' | 'refused' | 'failed';

/** The return policy as the brief words it, read independently of the chart. */
class ExpectedReturn {
  state: State = 'closed';
  kind: ReturnKind | null = null;
  reason: ReturnReason | null = null;
  size: string | null = null;
  missing: ReturnField[] = [];
  message: string | null = null;
  changed = 0;
  /** For each request sent, which attempt (distinct choices) it belongs to. */
  attempts: number[] = [];
  asks: Array<Omit<ReturnAsk, 'idempotencyKey'>> = [];
  private last: { fingerprint: string; id: number } | undefined;

  constructor(private readonly input: ReturnRequestInput) {}

  private choose(event: DrivenEvent): boolean {
    if (event.type === 'return.kindChosen') {
      if (event.kind === 'exchange' && !this.input.exchangeSizes.some((s) => s !== this.input.size))
        return false;
      this.kind = event.kind;
      if (event.kind === 'return') this.size = null;
      this.missing = this.missing.filter((field) => field !== 'kind' && field !== 'exchangeSize');
      return true;
    }
    if (event.type === 'return.reasonChosen') {
      if (!(RETURN_REASONS as readonly string[]).includes(event.reason)) return false;
      this.reason = event.reason as ReturnReason;
      this.missing = this.missing.filter((field) => field !== 'reason');
      return true;
    }
    if (event.type === 'return.sizeChosen') {
      if (event.size === this.input.size || !this.input.exchangeSizes.includes(event.size)) return false;
      this.size = event.size;
      this.missing = this.missing.filter((field) => field !== 'exchangeSize');
      return true;
    }
    return false;
  }

  private reset(): void {
    this.state = 'closed';
    this.kind = null;
    this.reason = null;
    this.size = null;
    this.missing = [];
    this.message = null;
  }

  private send(): void {
    const ask = {
      ...this.input,
      kind: this.kind!,
      reason: this.reason!,
      exchangeSize: this.kind === 'exchange' ? this.size : null,
    };
    const { returnableUntil: _deadline, exchangeSizes: _sizes, ...line } = ask;
    const fingerprint = JSON.stringify(line);
    if (this.last?.fingerprint !== fingerprint) this.last = { fingerprint, id: this.attempts.length };
    this.attempts.push(this.last.id);
    this.asks.push(line);
    this.state = 'submitting';
    this.missing = [];
    this.message = null;
  }

  apply(event: DrivenEvent): void {
    switch (this.state) {
      case 'closed':
        if (
          event.type === 'return.opened' &&
          this.input.returnableUntil !== null &&
          Date.now() <= this.input.returnableUntil
        )
          this.state = 'choosing';
        return;
      case 'choosing':
        if (this.choose(event)) return;
        if (event.type === 'return.dismissed') this.reset();
        if (event.type === 'return.submitted') {
          const missing: ReturnField[] = [];
          if (this.kind === null) missing.push('kind');
          if (this.reason === null) missing.push('reason');
          if (this.kind === 'exchange' && this.size === null) missing.push('exchangeSize');
          if (missing.length === 0) this.send();
          else this.missing = missing;
        }
        return;
      case 'submitting':
        if (event.type === DONE) {
          this.state = event.output.status === 'requested' ? 'requested' : 'refused';
          if (event.output.status === 'refused') this.message = event.output.message;
          this.changed += 1;
        } else if (event.type === ERROR) {
          this.state = 'failed';
          this.message = event.error.message;
        }
        return;
      case 'refused':
        // After a refusal only another kind or size can change the answer (the reason does not).
        if (
          (event.type === 'return.kindChosen' || event.type === 'return.sizeChosen') &&
          this.choose(event)
        ) {
          this.state = 'choosing';
          this.message = null;
        }
        if (event.type === 'return.dismissed') this.reset();
        return;
      case 'failed':
        if (this.choose(event)) {
          this.state = 'choosing';
          this.message = null;
        }
        if (event.type === 'return.retried') this.send();
        if (event.type === 'return.dismissed') this.reset();
        return;
      case 'requested':
        return;
    }
  }
}

describe('returnRequestMachine model paths', () => {
  const shopperEvents: ReturnRequestEvent[] = [
    { type: 'return.opened' },
    { type: 'return.kindChosen', kind: 'return' },
    { type: 'return.kindChosen', kind: 'exchange' },
    { type: 'return.reasonChosen', reason: 'Does not fit' },
    { type: 'return.reasonChosen', reason: 'It is Tuesday' },
    { type: 'return.sizeChosen', size: '9' },
    // The ordered size, and one not in stock: neither is an exchange.
    { type: 'return.sizeChosen', size: '8' },
    { type: 'return.sizeChosen', size: '10' },
    { type: 'return.submitted' },
    { type: 'return.retried' },
    { type: 'return.dismissed' },
  ];
  const eventsIn = (snapshot: AnyMachineSnapshot): DrivenEvent[] => {
    if (snapshot.status === 'done') return [];
    if (!snapshot.matches('submitting')) return shopperEvents;
    return [
      ...shopperEvents,
      { type: DONE, output: { status: 'requested' } },
      { type: DONE, output: { status: 'refused', message: SOLD_OUT } },
      { type: ERROR, error: new Error(OFFLINE) },
    ];
  };
  // The choices and what is shown; the attempt key is random, so only whether one was made counts.
  const serializeState = (snapshot: AnyMachineSnapshot) => {
    const context = snapshot.context as ReturnType<typeof returnRequestMachine.getInitialSnapshot>['context'];
    return JSON.stringify([
      snapshot.value,
      context.kind,
      context.reason,
      context.exchangeSize,
      Object.keys(context.missing).sort(),
      context.attempt?.fingerprint ?? null,
    ]);
  };

  for (const [name, input] of [
    ['within the window', OPEN],
    ['past the window', { ...OPEN, returnableUntil: Date.now() - DAY }],
    ['no other size in stock', { ...OPEN, exchangeSizes: ['8'] }],
  ] as const) {
    describe(name, () => {
      const paths = transitionCoveringPaths<typeof returnRequestMachine, DrivenEvent>(returnRequestMachine, {
        input,
        events: eventsIn,
        serializeState,
      });

      if (input === OPEN) {
        it('reach every state node', () => {
          const reached = new Set(
            paths.flatMap((path) =>
              activeStateNodeIds(
                'returnRequest',
                predictedSnapshot(returnRequestMachine, input, path.events).value,
              ),
            ),
          );
          expect([...reached].sort()).toEqual(allStateNodeIds(returnRequestMachine).sort());
        });
      }

      it.each(paths)('$name', async ({ events }) => {
        const request = startReturn(input);
        const expected = new ExpectedReturn(input);
        for (const event of events) {
          await drive(request, event);
          expected.apply(event);
        }
        const snapshot = request.actor.getSnapshot();
        const { context } = snapshot;
        expect(snapshot.value).toBe(expected.state);
        expect(selectReturnSubmitting(snapshot)).toBe(expected.state === 'submitting');
        if (expected.state !== 'requested') {
          expect([context.kind, context.reason, context.exchangeSize]).toEqual([
            expected.kind,
            expected.reason,
            expected.size,
          ]);
        }
        expect(Object.keys(context.missing).sort()).toEqual([...expected.missing].sort());
        expect(selectReturnMessage(snapshot)).toBe(expected.message);
        expect(request.changed()).toBe(expected.changed);
        expect(request.asks.map(({ idempotencyKey: _key, ...ask }) => ask)).toEqual(expected.asks);
        // Requests of the same choices share one key; other choices get another.
        const keys = request.asks.map((ask) => ask.idempotencyKey);
        for (let i = 0; i < keys.length; i++) {
          for (let j = 0; j < i; j++)
            expect(keys[i] === keys[j]).toBe(expected.attempts[i] === expected.attempts[j]);
        }
        request.actor.stop();
      });
    });
  }
});

describe('returnRequestMachine rules', () => {
  const open = () => {
    const request = startReturn(OPEN);
    request.actor.send({ type: 'return.opened' });
    return request;
  };

  it('sends an exchange with the size wanted, and a return without one', () => {
    const exchange = open();
    exchange.actor.send({ type: 'return.kindChosen', kind: 'exchange' });
    exchange.actor.send({ type: 'return.reasonChosen', reason: 'Does not fit' });
    exchange.actor.send({ type: 'return.sizeChosen', size: '9' });
    exchange.actor.send({ type: 'return.submitted' });
    expect(exchange.asks).toEqual([
      {
        orderId: 'o1',
        productId: 'p1',
        size: '8',
        kind: 'exchange',
        reason: 'Does not fit',
        exchangeSize: '9',
        idempotencyKey: expect.stringMatching(/^[A-Za-z0-9_.:-]{8,100}$/) as unknown,
      },
    ]);

    const back = open();
    back.actor.send({ type: 'return.kindChosen', kind: 'exchange' });
    back.actor.send({ type: 'return.sizeChosen', size: '9' });
    // Changing to a return drops the size: a return names none.
    back.actor.send({ type: 'return.kindChosen', kind: 'return' });
    back.actor.send({ type: 'return.reasonChosen', reason: 'Arrived damaged' });
    back.actor.send({ type: 'return.submitted' });
    expect(back.asks[0]).toMatchObject({ kind: 'return', reason: 'Arrived damaged', exchangeSize: null });
  });

  it('names what is missing and sends nothing until it is chosen', () => {
    const request = open();
    request.actor.send({ type: 'return.kindChosen', kind: 'exchange' });
    request.actor.send({ type: 'return.submitted' });
    expect(request.actor.getSnapshot().context.missing).toEqual({
      reason: MISSING.reason,
      exchangeSize: MISSING.exchangeSize,
    });
    expect(request.asks).toEqual([]);
    request.actor.send({ type: 'return.reasonChosen', reason: 'Does not fit' });
    expect(request.actor.getSnapshot().context.missing).toEqual({ exchangeSize: MISSING.exchangeSize });
  });

  it('offers an exchange only for another size in stock', () => {
    const request = open();
    request.actor.send({ type: 'return.kindChosen', kind: 'exchange' });
    for (const size of ['8', '10', '']) request.actor.send({ type: 'return.sizeChosen', size });
    expect(request.actor.getSnapshot().context.exchangeSize).toBeNull();
    const none = startReturn({ ...OPEN, exchangeSizes: [] });
    none.actor.send({ type: 'return.opened' });
    none.actor.send({ type: 'return.kindChosen', kind: 'exchange' });
    expect(none.actor.getSnapshot().context.kind).toBeNull();
  });

  it('does not open once the window has closed, nor for an order that cannot be returned', () => {
    for (const returnableUntil of [Date.now() - 1000, null]) {
      const request = startReturn({ ...OPEN, returnableUntil });
      request.actor.send({ type: 'return.opened' });
      expect(request.actor.getSnapshot().value).toBe('closed');
    }
  });

  it("shows the store's refusal (the window closed meanwhile) and tells the page the order changed", async () => {
    const request = open();
    request.actor.send({ type: 'return.kindChosen', kind: 'return' });
    request.actor.send({ type: 'return.reasonChosen', reason: 'Changed my mind' });
    request.actor.send({ type: 'return.submitted' });
    await drive(request, { type: DONE, output: { status: 'refused', message: CLOSED_WINDOW } });
    expect(request.actor.getSnapshot().value).toBe('refused');
    expect(selectReturnMessage(request.actor.getSnapshot())).toBe(CLOSED_WINDOW);
    expect(request.changed()).toBe(1);
  });

  it('after a refusal for stock another size can be chosen and sent, as a new attempt', async () => {
    const request = open();
    request.actor.send({ type: 'return.kindChosen', kind: 'exchange' });
    request.actor.send({ type: 'return.reasonChosen', reason: 'Does not fit' });
    request.actor.send({ type: 'return.sizeChosen', size: '9' });
    request.actor.send({ type: 'return.submitted' });
    await drive(request, { type: DONE, output: { status: 'refused', message: SOLD_OUT } });
    request.actor.send({ type: 'return.sizeChosen', size: '7' });
    expect(selectReturnMessage(request.actor.getSnapshot())).toBeNull();
    request.actor.send({ type: 'return.submitted' });
    await drive(request, { type: DONE, output: { status: 'requested' } });
    expect(request.asks.map((ask) => ask.exchangeSize)).toEqual(['9', '7']);
    expect(request.asks[1]!.idempotencyKey).not.toBe(request.asks[0]!.idempotencyKey);
    expect(request.actor.getSnapshot().status).toBe('done');
  });

  it('a retry after a failure reuses the key, so the store records one request', async () => {
    const request = open();
    request.actor.send({ type: 'return.kindChosen', kind: 'return' });
    request.actor.send({ type: 'return.reasonChosen', reason: 'Does not fit' });
    request.actor.send({ type: 'return.submitted' });
    request.actor.send({ type: 'return.submitted' });
    await drive(request, { type: ERROR, error: new Error(OFFLINE) });
    expect(selectReturnMessage(request.actor.getSnapshot())).toBe(OFFLINE);
    request.actor.send({ type: 'return.retried' });
    expect(request.asks).toHaveLength(2);
    expect(request.asks[1]!.idempotencyKey).toBe(request.asks[0]!.idempotencyKey);
  });
});
