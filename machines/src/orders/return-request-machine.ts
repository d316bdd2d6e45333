// MY ORDERS' "Return or exchange" for one ordered line: kind, reason and, for an exchange, the size; the store records
// the request or says why not. The policy's words come from domain/order-life.ts.
import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import type { StockShortfall } from '#domain/stock';
import { RETURN_REASONS, type ReturnKind, type ReturnReason } from '#domain/order-life';
import { errorMessage } from '../error-message.js';

export interface ReturnLine {
  orderId: string;
  productId: string;
  /** The size ordered. */
  size: string;
}

/** What the caller's actor sends: the line, the choices, and one key per attempt (a retry makes no second request). */
export interface ReturnAsk extends ReturnLine {
  kind: ReturnKind;
  reason: ReturnReason;
  /** Only for an exchange. */
  exchangeSize: string | null;
  idempotencyKey: string;
}

/** How the store answered: recorded, or refused and why (with the sizes it cannot give, for an exchange). */
export type ReturnOutcome =
  { status: 'requested' } | { status: 'refused'; message: string; shortfalls?: readonly StockShortfall[] };

export interface ReturnRequestInput extends ReturnLine {
  /** The last moment to ask (ms), as the store said; null when the order cannot be returned (not delivered, or no returns). */
  returnableUntil: number | null;
  /** The product's other sizes in stock, which an exchange may ask for. */
  exchangeSizes: readonly string[];
}

export type ReturnField = 'kind' | 'reason' | 'exchangeSize';

export interface ReturnRequestContext extends ReturnRequestInput {
  kind: ReturnKind | null;
  reason: ReturnReason | null;
  exchangeSize: string | null;
  /** The choices still missing when the shopper sent the form, each with what to do. */
  missing: Partial<Record<ReturnField, string>>;
  /** Why the store refused, or why the call failed; null otherwise. */
  message: string | null;
  /** The last attempt's key and the choices it was made for: a retry of the same choices reuses the key. */
  attempt: { key: string; fingerprint: string } | null;
}

export type ReturnRequestEvent =
  | { type: 'return.opened' }
  | { type: 'return.kindChosen'; kind: ReturnKind }
  | { type: 'return.reasonChosen'; reason: string }
  | { type: 'return.sizeChosen'; size: string }
  | { type: 'return.submitted' }
  | { type: 'return.retried' }
  | { type: 'return.dismissed' };

export const MISSING: Record<ReturnField, string> = {
  kind: 'Choose a return or an exchange',
  reason: 'Choose a reason',
  exchangeSize: 'Choose the size you want instead',
};
const FALLBACK_REFUSAL = 'The store could not take this request.';

function missingOf(context: ReturnRequestContext): Partial<Record<ReturnField, string>> {
  const missing: Partial<Record<ReturnField, string>> = {};
  if (context.kind === null) missing.kind = MISSING.kind;
  if (context.reason === null) missing.reason = MISSING.reason;
  if (context.kind === 'exchange' && context.exchangeSize === null)
    missing.exchangeSize = MISSING.exchangeSize;
  return missing;
}

function askOf(context: ReturnRequestContext): Omit<ReturnAsk, 'idempotencyKey'> {
  return {
    orderId: context.orderId,
    productId: context.productId,
    size: context.size,
    kind: context.kind!,
    reason: context.reason!,
    exchangeSize: context.kind === 'exchange' ? context.exchangeSize : null,
  };
}

const isReason = (reason: string): reason is ReturnReason =>
  (RETURN_REASONS as readonly string[]).includes(reason);

export const returnRequestMachine = setup({
  types: {
    context: {} as ReturnRequestContext,
    events: {} as ReturnRequestEvent,
    input: {} as ReturnRequestInput,
  },
  actors: {
    requestReturn: fromPromise<ReturnOutcome, ReturnAsk>(() =>
      Promise.reject(new Error('requestReturn was not provided to returnRequestMachine')),
    ),
  },
  actions: {
    /** The order changed in the store (a request recorded): the page shows it afresh. */
    orderChanged: () => undefined,
    chooseKind: assign(({ context, event }) => {
      if (event.type !== 'return.kindChosen') return {};
      const { kind: _chosen, exchangeSize: _size, ...missing } = context.missing;
      return {
        kind: event.kind,
        exchangeSize: event.kind === 'return' ? null : context.exchangeSize,
        missing,
      };
    }),
    chooseReason: assign(({ context, event }) => {
      if (event.type !== 'return.reasonChosen' || !isReason(event.reason)) return {};
      const { reason: _chosen, ...missing } = context.missing;
      return { reason: event.reason, missing };
    }),
    chooseSize: assign(({ context, event }) => {
      if (event.type !== 'return.sizeChosen') return {};
      const { exchangeSize: _chosen, ...missing } = context.missing;
      return { exchangeSize: event.size, missing };
    }),
    showMissing: assign(({ context }) => ({ missing: missingOf(context) })),
    // The same choices sent again keep their key, so a retry after a lost answer records one request.
    startAttempt: assign(({ context }) => {
      const fingerprint = JSON.stringify(askOf(context));
      const key =
        context.attempt?.fingerprint === fingerprint ? context.attempt.key : globalThis.crypto.randomUUID();
      return { attempt: { key, fingerprint }, missing: {}, message: null };
    }),
    setMessage: assign((_, params: { message: string }) => ({ message: params.message })),
    reset: assign({ kind: null, reason: null, exchangeSize: null, missing: {}, message: null }),
  },
  guards: {
    /** Within the return window the store gave (domain/order-life.ts returnDeadline); the store checks again. */
    windowOpen: ({ context }) => context.returnableUntil !== null && Date.now() <= context.returnableUntil,
    /** One of the product's other sizes in stock: an exchange is only for those. */
    sizeAllowed: ({ context, event }) =>
      event.type === 'return.sizeChosen' &&
      event.size !== context.size &&
      context.exchangeSizes.includes(event.size),
    knownReason: ({ event }) => event.type === 'return.reasonChosen' && isReason(event.reason),
    /** An exchange with no size to give is no choice at all. */
    kindPossible: ({ context, event }) =>
      event.type === 'return.kindChosen' &&
      (event.kind === 'return' || context.exchangeSizes.some((size) => size !== context.size)),
    complete: ({ context }) => Object.keys(missingOf(context)).length === 0,
    wasRequested: (_, params: { outcome: ReturnOutcome }) => params.outcome.status === 'requested',
  },
}).createMachine({
  id: 'returnRequest',
  context: ({ input }) => ({
    ...input,
    kind: null,
    reason: null,
    exchangeSize: null,
    missing: {},
    message: null,
    attempt: null,
  }),
  initial: 'closed',
  states: {
    closed: {
      on: { 'return.opened': { guard: 'windowOpen', target: 'choosing' } },
    },
    /** The form; a choice made after a refusal or a failure comes back here (another size after a refusal for stock). */
    choosing: {
      entry: assign({ message: null }),
      on: {
        'return.kindChosen': { guard: 'kindPossible', actions: 'chooseKind' },
        'return.reasonChosen': { guard: 'knownReason', actions: 'chooseReason' },
        'return.sizeChosen': { guard: 'sizeAllowed', actions: 'chooseSize' },
        'return.submitted': [
          { guard: 'complete', target: 'submitting', actions: 'startAttempt' },
          { actions: 'showMissing' },
        ],
        'return.dismissed': { target: 'closed', actions: 'reset' },
      },
    },
    // Nothing is handled while the request is on its way: a double click sends one.
    submitting: {
      invoke: {
        id: 'returnCall',
        src: 'requestReturn',
        input: ({ context }) => ({ ...askOf(context), idempotencyKey: context.attempt!.key }),
        onDone: [
          {
            guard: { type: 'wasRequested', params: ({ event }) => ({ outcome: event.output }) },
            target: 'requested',
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
    /** Recorded: the request's state shows beside the line from now on. */
    requested: { type: 'final', entry: 'orderChanged' },
    /** The store said no, and why; another choice (a size still in stock) may be made and sent. */
    refused: {
      entry: 'orderChanged',
      on: {
        'return.kindChosen': { guard: 'kindPossible', target: 'choosing', actions: 'chooseKind' },
        'return.sizeChosen': { guard: 'sizeAllowed', target: 'choosing', actions: 'chooseSize' },
        'return.dismissed': { target: 'closed', actions: 'reset' },
      },
    },
    /** The store could not be reached: the same request may be sent again, with the same key. */
    failed: {
      on: {
        'return.retried': { target: 'submitting', actions: 'startAttempt' },
        'return.kindChosen': { guard: 'kindPossible', target: 'choosing', actions: 'chooseKind' },
        'return.reasonChosen': { guard: 'knownReason', target: 'choosing', actions: 'chooseReason' },
        'return.sizeChosen': { guard: 'sizeAllowed', target: 'choosing', actions: 'chooseSize' },
        'return.dismissed': { target: 'closed', actions: 'reset' },
      },
    },
  },
});

export type ReturnRequestSnapshot = SnapshotFrom<typeof returnRequestMachine>;

export const selectReturnMessage = (snapshot: ReturnRequestSnapshot): string | null =>
  snapshot.context.message;
export const selectReturnSubmitting = (snapshot: ReturnRequestSnapshot): boolean =>
  snapshot.matches('submitting');
