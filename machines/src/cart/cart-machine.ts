// The shopper's cart: changes apply locally first and are kept as an event log; when signed in, the unconfirmed
// events form an outbox sent to the server one at a time, in order (decision 005).
import { assertEvent, assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import { SELECT_SIZE_MESSAGE } from '#domain/cart-line';
import { onFirstUse } from '#domain/on-first-use';
import { errorMessage } from '../error-message.js';
import { retryDelayMs } from '../retry-delay.js';
import {
  EMPTY_CART_LOG,
  MAX_SETTLED_IDS,
  type CartData,
  type CartEvent,
  type CartLog,
} from './cart-events.js';
import { foldCart, isAcceptedQuantity } from './cart-fold.js';
import {
  appendCartEvent,
  nextChangeToSend,
  outboxAsAbsolute,
  pendingEvents,
  rebaseCartLog,
  restoredCartLog,
  type CartChange,
} from './cart-log.js';
import { mergeStoredLog, sameCartLog } from './cart-tab-merge.js';

/** The server's answer to one change. A transport failure (network, 5xx) is a rejection instead, and is retried. */
export type CartChangeResult =
  | { status: 'applied'; cartData: CartData }
  /** The server answered and said no (success false, 4xx): resending would not help. */
  | { status: 'refused'; message: string };

export interface CartInput {
  /** The stored log: parseStoredCartLog(localStorage.getItem(key), console.warn); an outbox is restored as such. */
  log: CartLog;
  /**
   * Whether this tab sends the outbox (default true). With several tabs open one sends and the others follow the shared
   * log, so no change goes out twice; the web app elects it with a Web Lock.
   */
  sender?: boolean;
}

/** How many recently settled event ids a tab remembers against stale copies of the log. */
const SETTLED_KEPT = MAX_SETTLED_IDS;

export interface CartContext {
  log: CartLog;
  /** The fold of `log`, kept so selectors cost nothing. */
  cart: CartData;
  /** Failures in a row of the current call; sets the backoff and whether to toast. */
  retries: number;
  lastError: string | null;
  /** A refused change left the local cart ahead of the server's: fetch it once the outbox is empty. */
  needsRefresh: boolean;
  sender: boolean;
  /** In the signed-in state: the pending events are the account's outbox, not a guest's cart. */
  signedIn: boolean;
  /** The ids of the last changes the server confirmed or refused here, newest last. */
  settled: string[];
  /** This tab's own pending changes that no other tab's stored log has shown yet (see mergeStoredLog). */
  unshared: string[];
  /**
   * The pending changes include another tab's outbox, some of which may have reached the server: the next rebase
   * replays them as absolute quantities, as a reload does (restoredCartLog), so none counts twice.
   */
  adoptedOutbox: boolean;
}

// Past-tense facts, like every event of the machines/ family.
export type CartMachineEvent =
  | { type: 'cart.itemAdded'; itemId: string; size: string }
  /** 0 removes the line (the delete icon); the quantity input ignores empty and 0 (the web's quantityFromInput). */
  | { type: 'cart.quantitySet'; itemId: string; size: string; quantity: number }
  | { type: 'cart.signedIn' }
  | { type: 'cart.signedOut' }
  /** The browser's `online` event: retry now instead of at the end of the backoff. */
  | { type: 'cart.wentOnline' }
  /** The server empties the cart as it stores the order. */
  | { type: 'cart.orderPlaced' }
  /** Another tab stored the shared log (the browser's `storage` event). */
  | { type: 'cart.storedLogChanged'; log: CartLog }
  /** This tab became (or stopped being) the one that sends the outbox. */
  | { type: 'cart.senderChanged'; sender: boolean };

// The server's own refusal of a line without a size, which the machine gives before anything is sent.
export { SELECT_SIZE_MESSAGE };

// The chart's guard has already told the two outcomes apart; these only narrow the type.
const refusalMessage = (result: CartChangeResult) => (result.status === 'refused' ? result.message : '');
const appliedCart = (result: CartChangeResult) => (result.status === 'applied' ? result.cartData : {});

function newEventId(): string {
  return globalThis.crypto.randomUUID();
}

function withLog(log: CartLog): Pick<CartContext, 'log' | 'cart'> {
  return { log, cart: foldCart(log.events) };
}

function recorded(context: CartContext, event: CartEvent): Pick<CartContext, 'log' | 'cart' | 'unshared'> {
  const log = appendCartEvent(context.log, event);
  const pending = new Set(pendingEvents(log).map((pendingEvent) => pendingEvent.id));
  return { ...withLog(log), unshared: [...context.unshared.filter((id) => pending.has(id)), event.id] };
}

/** The outbox's head, now answered by the server: remembered so a stale copy of the log cannot bring it back. */
function settledHead(context: CartContext): string[] {
  const head = context.log.events[context.log.synced];
  return head ? [...context.settled, head.id].slice(-SETTLED_KEPT) : context.settled;
}

/**
 * The log as it is stored for every tab and the next page: with the changes this tab saw settled (so their makers
 * drop them), and marked as an account's outbox while signed in (so a reload restores it as one).
 */
export function storedCartLog(context: CartContext): CartLog {
  const outbox = context.signedIn && pendingEvents(context.log).length > 0;
  return {
    ...context.log,
    ...(context.settled.length > 0 ? { settled: context.settled } : {}),
    ...(outbox ? { outbox } : {}),
  };
}

const mergedWithStored = (context: CartContext, stored: CartLog) =>
  mergeStoredLog(context.log, stored, {
    sender: context.sender,
    settled: new Set(context.settled),
    unshared: new Set(context.unshared),
  });

const failureOf = ({ event }: { event: { error: unknown } }) => ({ message: errorMessage(event.error) });

/** A failed call: one toast when a failure streak starts (not one per retry), the failure counted, then the wait. */
const failedThenWaitIn = (target: 'loadFailed' | 'sendFailed') => [
  {
    guard: 'firstFailure' as const,
    target,
    actions: [
      { type: 'notifyError' as const, params: failureOf },
      { type: 'recordFailure' as const, params: failureOf },
    ],
  },
  { target, actions: { type: 'recordFailure' as const, params: failureOf } },
];

const notProvided = (name: string) => () =>
  Promise.reject(new Error(`${name} was not provided to cartMachine`));

/** The chart, built on first use: the app's code would otherwise build it as it is evaluated (on-first-use.ts). */
export const cartMachine = onFirstUse(() =>
  setup({
    types: {
      context: {} as CartContext,
      events: {} as CartMachineEvent,
      input: {} as CartInput,
    },
    actors: {
      /**
       * POST /api/cart/get, read anew for each call: the machine calls again when another tab's log came meanwhile, and an
       * answer shared with the earlier call would undo what it called again for.
       */
      fetchCart: fromPromise<CartData>(notProvided('fetchCart')),
      /** POST /api/cart/update with the absolute quantity. */
      sendCartChange: fromPromise<CartChangeResult, CartChange>(notProvided('sendCartChange')),
    },
    actions: {
      /** Save `serializeCartLog(storedCartLog(context))` to local storage. */
      persistLog: () => undefined,
      notifyError: (_, _params: { message: string }) => undefined,
      recordAdded: assign(({ context, event }) => {
        assertEvent(event, 'cart.itemAdded');
        const { itemId, size } = event;
        return recorded(context, { type: 'added', id: newEventId(), at: Date.now(), itemId, size });
      }),
      recordQuantitySet: assign(({ context, event }) => {
        assertEvent(event, 'cart.quantitySet');
        const { itemId, size, quantity } = event;
        return recorded(context, {
          type: 'quantitySet',
          id: newEventId(),
          at: Date.now(),
          itemId,
          size,
          quantity,
        });
      }),
      resetCart: assign({
        ...withLog(EMPTY_CART_LOG),
        retries: 0,
        lastError: null,
        needsRefresh: false,
        settled: [],
        unshared: [],
        adoptedOutbox: false,
      }),
      // The stale confirmed part is dropped: the server's cart replaces it, and the unconfirmed changes are replayed
      // on top of it (a guest's cart merges into the account's this way; another tab's outbox as absolute quantities).
      rebaseOnServerCart: assign(({ context }, params: { cartData: CartData }) => {
        const log = context.adoptedOutbox ? outboxAsAbsolute(context.log) : context.log;
        return {
          ...withLog(rebaseCartLog(log, params.cartData, log.synced, Date.now())),
          retries: 0,
          lastError: null,
          needsRefresh: false,
          adoptedOutbox: false,
        };
      }),
      acceptServerCart: assign(({ context }, params: { cartData: CartData }) => ({
        settled: settledHead(context),
        ...withLog(rebaseCartLog(context.log, params.cartData, context.log.synced + 1, Date.now())),
        retries: 0,
        lastError: null,
        needsRefresh: false,
      })),
      // The local change stays, as the spec asks; the server's cart wins at the next refresh.
      skipRefusedChange: assign(({ context }, params: { message: string }) => ({
        settled: settledHead(context),
        log: { events: context.log.events, synced: context.log.synced + 1 },
        retries: 0,
        lastError: params.message,
        needsRefresh: true,
      })),
      adoptStoredLog: assign(({ context }, params: { log: CartLog }) => {
        const shown = new Set([...params.log.events.map((event) => event.id), ...(params.log.settled ?? [])]);
        return {
          ...withLog(mergedWithStored(context, params.log)),
          unshared: context.unshared.filter((id) => !shown.has(id)),
          // A following tab takes the stored log's pending changes as its own (the sending tab only adds changes it
          // has not seen, which no tab has sent yet).
          adoptedOutbox: context.adoptedOutbox || (!context.sender && params.log.outbox === true),
        };
      }),
      setSender: assign((_, params: { sender: boolean }) => ({ sender: params.sender })),
      recordFailure: assign(({ context }, params: { message: string }) => ({
        retries: context.retries + 1,
        lastError: params.message,
      })),
    },
    guards: {
      sizeMissing: ({ event }) => event.type === 'cart.itemAdded' && event.size.trim() === '',
      acceptableLine: ({ event }) =>
        (event.type === 'cart.itemAdded' || event.type === 'cart.quantitySet') &&
        event.itemId !== '' &&
        event.size.trim() !== '',
      acceptableQuantity: ({ event }) =>
        event.type === 'cart.quantitySet' &&
        event.itemId !== '' &&
        event.size.trim() !== '' &&
        isAcceptedQuantity(event.quantity),
      canSend: ({ context }) => context.sender && pendingEvents(context.log).length > 0,
      /** Taking another tab's log leaves this tab with something that tab has not got: it is stored again. */
      storedLogBehind: ({ context }, params: { log: CartLog }) =>
        !sameCartLog(mergedWithStored(context, params.log), params.log),
      needsRefresh: ({ context }) => context.needsRefresh,
      /** A stored cart that came from an account (its server part) while nobody is signed in. */
      holdsAccountCart: ({ context }) => context.log.synced > 0,
      // One toast when sync starts failing, not one per retry; lastError keeps the latest message.
      firstFailure: ({ context }) => context.retries === 0,
      changeRefused: (_, params: { result: CartChangeResult }) => params.result.status === 'refused',
    },
    delays: {
      retryDelay: ({ context }) => retryDelayMs(context.retries),
    },
  }).createMachine({
    id: 'cart',
    context: ({ input }) => ({
      ...withLog(restoredCartLog(input.log)),
      retries: 0,
      lastError: null,
      needsRefresh: false,
      sender: input.sender ?? true,
      signedIn: false,
      settled: [],
      unshared: [],
      adoptedOutbox: false,
    }),
    on: {
      'cart.storedLogChanged': [
        {
          guard: { type: 'storedLogBehind', params: ({ event }) => ({ log: event.log }) },
          actions: [{ type: 'adoptStoredLog', params: ({ event }) => ({ log: event.log }) }, 'persistLog'],
        },
        { actions: { type: 'adoptStoredLog', params: ({ event }) => ({ log: event.log }) } },
      ],
      'cart.senderChanged': {
        actions: { type: 'setSender', params: ({ event }) => ({ sender: event.sender }) },
      },
      'cart.itemAdded': [
        {
          guard: 'sizeMissing',
          actions: { type: 'notifyError', params: { message: SELECT_SIZE_MESSAGE } },
        },
        {
          guard: 'acceptableLine',
          actions: ['recordAdded', 'persistLog'],
        },
      ],
      'cart.quantitySet': {
        // The server refuses any other quantity and writes nothing; so does the cart.
        guard: 'acceptableQuantity',
        actions: ['recordQuantitySet', 'persistLog'],
      },
    },
    initial: 'signedOut',
    states: {
      signedOut: {
        entry: assign({ signedIn: false }),
        on: {
          'cart.signedIn': { target: 'signedIn' },
          // Signing out resets the cart; a cart left over from a session that ended elsewhere is reset the same way.
          'cart.signedOut': {
            guard: 'holdsAccountCart',
            actions: ['resetCart', 'persistLog'],
          },
        },
      },
      signedIn: {
        entry: assign({ signedIn: true }),
        initial: 'loading',
        on: {
          'cart.signedOut': {
            target: 'signedOut',
            actions: ['resetCart', 'persistLog'],
          },
          // Everything in the cart was ordered; a fresh fetch also catches a change that was still on its way.
          'cart.orderPlaced': {
            target: '.loading',
            reenter: true,
            actions: ['resetCart', 'persistLog'],
          },
        },
        states: {
          loading: {
            on: {
              // Another tab's log came while the account's cart was on its way: the answer may predate what that tab confirmed,
              // and would undo it. The log is adopted and the cart fetched again.
              'cart.storedLogChanged': {
                target: 'loading',
                reenter: true,
                actions: { type: 'adoptStoredLog', params: ({ event }) => ({ log: event.log }) },
              },
            },
            invoke: {
              id: 'fetchCart',
              src: 'fetchCart',
              onDone: {
                target: 'idle',
                actions: [
                  { type: 'rebaseOnServerCart', params: ({ event }) => ({ cartData: event.output }) },
                  'persistLog',
                ],
              },
              onError: failedThenWaitIn('loadFailed'),
            },
          },
          loadFailed: {
            after: { retryDelay: { target: 'loading' } },
            on: { 'cart.wentOnline': { target: 'loading' } },
          },
          idle: {
            always: [
              { guard: 'canSend', target: 'sending' },
              { guard: 'needsRefresh', target: 'loading' },
            ],
          },
          sending: {
            invoke: {
              id: 'sendCartChange',
              src: 'sendCartChange',
              // Entered only with a pending event, and compaction never rewrites the oldest one.
              input: ({ context }) => nextChangeToSend(context.log)!,
              onDone: [
                {
                  guard: { type: 'changeRefused', params: ({ event }) => ({ result: event.output }) },
                  target: 'idle',
                  actions: [
                    {
                      type: 'notifyError',
                      params: ({ event }) => ({ message: refusalMessage(event.output) }),
                    },
                    {
                      type: 'skipRefusedChange',
                      params: ({ event }) => ({ message: refusalMessage(event.output) }),
                    },
                    'persistLog',
                  ],
                },
                {
                  target: 'idle',
                  actions: [
                    {
                      type: 'acceptServerCart',
                      params: ({ event }) => ({ cartData: appliedCart(event.output) }),
                    },
                    'persistLog',
                  ],
                },
              ],
              onError: failedThenWaitIn('sendFailed'),
            },
          },
          sendFailed: {
            after: { retryDelay: { target: 'sending' } },
            on: { 'cart.wentOnline': { target: 'sending' } },
          },
        },
      },
    },
  }),
);

export type CartMachine = ReturnType<typeof cartMachine>;
export type CartSnapshot = SnapshotFrom<CartMachine>;
