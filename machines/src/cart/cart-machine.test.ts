import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, type AnyMachineSnapshot } from 'xstate';
import { MAX_LINE_QUANTITY } from '#domain/store-rules';
import {
  activeStateNodeIds,
  allStateNodeIds,
  predictedSnapshot,
  transitionCoveringPaths,
} from '../test-support/model-paths.js';
import {
  EMPTY_CART_LOG,
  parseStoredCartLog,
  serializeCartLog,
  type CartData,
  type CartEvent,
  type CartLog,
} from './cart-events.js';
import { foldCart, lineQuantity } from './cart-fold.js';
import { pendingEvents, type CartChange } from './cart-log.js';
import {
  cartMachine,
  SELECT_SIZE_MESSAGE,
  storedCartLog,
  type CartChangeResult,
  type CartMachine,
  type CartMachineEvent,
  type CartSnapshot,
} from './cart-machine.js';
import { retryDelayMs, RETRY_CAP_MS } from '../retry-delay.js';
import {
  selectCart,
  selectCartCount,
  selectCartLastError,
  selectCartSyncing,
  selectOutboxLength,
} from './cart-selectors.js';

/** The account's cart on the fake server before the test signs in. */
const ACCOUNT_CART: CartData = { p2: { S: 2 } };
const REFUSAL = 'Product not found for ID: p1';
const OFFLINE = 'Failed to fetch';

type DrivenEvent =
  | CartMachineEvent
  | { type: 'xstate.done.actor.fetchCart'; output: CartData }
  | { type: 'xstate.error.actor.fetchCart'; error: Error }
  | { type: 'xstate.done.actor.sendCartChange'; output: CartChangeResult }
  | { type: 'xstate.error.actor.sendCartChange'; error: Error }
  | { type: 'xstate.after.retryDelay.cart.signedIn.loadFailed' }
  | { type: 'xstate.after.retryDelay.cart.signedIn.sendFailed' };

interface Outstanding<TInput, TOutput> {
  input: TInput;
  resolve: (output: TOutput) => void;
  reject: (error: Error) => void;
}

/** The cart machine with a fake server behind its actors, and a record of what it asked the caller to do. */
function startCart(
  log: CartLog = EMPTY_CART_LOG,
  tab: { sender?: boolean; server?: { cart: CartData } } = {},
) {
  const server = tab.server ?? { cart: structuredClone(ACCOUNT_CART) };
  const calls = {
    fetch: undefined as Outstanding<undefined, CartData> | undefined,
    send: undefined as Outstanding<CartChange, CartChangeResult> | undefined,
    sent: [] as CartChange[],
  };
  const toasts: string[] = [];
  const persisted: CartLog[] = [];
  // A request stops being outstanding when it settles or when the machine stops its actor (the signal aborts).
  function outstanding<TInput, TOutput>(
    input: TInput,
    signal: AbortSignal,
    keep: (call: Outstanding<TInput, TOutput> | undefined) => void,
  ): Promise<TOutput> {
    return new Promise<TOutput>((resolve, reject) => {
      keep({
        input,
        resolve: (output) => {
          keep(undefined);
          resolve(output);
        },
        reject: (error) => {
          keep(undefined);
          reject(error);
        },
      });
      signal.addEventListener('abort', () => keep(undefined));
    });
  }
  const actor = createActor(
    cartMachine().provide({
      actors: {
        fetchCart: fromPromise<CartData>(({ signal }) =>
          outstanding<undefined, CartData>(undefined, signal, (call) => (calls.fetch = call)),
        ),
        sendCartChange: fromPromise<CartChangeResult, CartChange>(({ input, signal }) => {
          calls.sent.push(input);
          return outstanding<CartChange, CartChangeResult>(input, signal, (call) => (calls.send = call));
        }),
      },
      actions: {
        notifyError: (_, { message }) => toasts.push(message),
        persistLog: ({ context }) => persisted.push(storedCartLog(context)),
      },
    }),
    { input: { log, sender: tab.sender } },
  ).start();
  return { actor, server, calls, toasts, persisted };
}

type Cart = ReturnType<typeof startCart>;

const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

/** The server's update: an absolute quantity, 0 removing the line. */
function applyOnServer(server: { cart: CartData }, change: CartChange): void {
  const sizes = (server.cart[change.itemId] ??= {});
  if (change.quantity > 0) sizes[change.size] = change.quantity;
  else {
    server.cart[change.itemId] = Object.fromEntries(
      Object.entries(sizes).filter(([size]) => size !== change.size),
    );
    if (Object.keys(server.cart[change.itemId] ?? {}).length === 0) {
      server.cart = Object.fromEntries(Object.entries(server.cart).filter(([id]) => id !== change.itemId));
    }
  }
}

/** Makes a driven event happen for real: a settled request, elapsed time, or a sent event. */
async function drive(cart: Cart, event: DrivenEvent): Promise<void> {
  const { actor, server, calls } = cart;
  switch (event.type) {
    case 'xstate.done.actor.fetchCart':
      calls.fetch?.resolve(structuredClone(server.cart));
      break;
    case 'xstate.error.actor.fetchCart':
      calls.fetch?.reject(event.error);
      break;
    case 'xstate.done.actor.sendCartChange':
      if (calls.send && event.output.status === 'applied') {
        applyOnServer(server, calls.send.input);
        calls.send.resolve({ status: 'applied', cartData: structuredClone(server.cart) });
      } else calls.send?.resolve(event.output);
      break;
    case 'xstate.error.actor.sendCartChange':
      calls.send?.reject(event.error);
      break;
    case 'xstate.after.retryDelay.cart.signedIn.loadFailed':
    case 'xstate.after.retryDelay.cart.signedIn.sendFailed':
      vi.advanceTimersByTime(retryDelayMs(actor.getSnapshot().context.retries));
      break;
    case 'cart.orderPlaced':
      // The server empties the cart as it stores the order; only a signed-in shopper can place one.
      if (actor.getSnapshot().matches('signedIn')) server.cart = {};
      actor.send(event);
      break;
    default:
      actor.send(event);
  }
  await settle();
}

/**
 * An independent reading of the spec: the server's cart as last confirmed, the changes not yet confirmed, and
 * the toasts owed. The local cart is always the pending changes replayed on the confirmed cart.
 */
type CartChangeEvent = Extract<CartMachineEvent, { type: 'cart.itemAdded' | 'cart.quantitySet' }>;

function asLogEvent(event: CartChangeEvent, i: number): CartEvent {
  const { itemId, size } = event;
  return event.type === 'cart.itemAdded'
    ? { type: 'added', id: `${i}`, at: 0, itemId, size }
    : { type: 'quantitySet', id: `${i}`, at: 0, itemId, size, quantity: event.quantity };
}

class ExpectedCart {
  signedIn = false;
  confirmed: CartData = {};
  pending: CartChangeEvent[] = [];
  toasts: string[] = [];
  failing = false;

  get local(): CartData {
    return foldCart(this.pending.map(asLogEvent), this.confirmed);
  }

  /** The quantity the oldest pending change gives its line on the confirmed cart. */
  headQuantity(): CartChange | undefined {
    const [head] = this.pending;
    if (!head) return undefined;
    const current = lineQuantity(this.confirmed, head.itemId, head.size);
    const quantity =
      head.type === 'cart.itemAdded' ? Math.min(current + 1, MAX_LINE_QUANTITY) : head.quantity;
    return { itemId: head.itemId, size: head.size, quantity };
  }

  private confirmHead(cart: CartData): void {
    this.pending.shift();
    this.confirmed = cart;
  }

  private failed(message: string): void {
    if (!this.failing) this.toasts.push(message);
    this.failing = true;
  }

  private reset(): void {
    this.confirmed = {};
    this.pending = [];
    this.failing = false;
  }

  /** Called once the event has happened, with the state it happened in. */
  apply(event: DrivenEvent, cart: Cart, snapshotBefore: CartSnapshot): void {
    const state = snapshotBefore.value;
    const inState = (name: string) =>
      typeof state === 'object' && 'signedIn' in state && state.signedIn === name;
    switch (event.type) {
      case 'cart.itemAdded':
        if (event.size.trim() === '') this.toasts.push(SELECT_SIZE_MESSAGE);
        else this.pending.push(event);
        break;
      case 'cart.quantitySet':
        if (Number.isInteger(event.quantity) && event.quantity >= 0 && event.quantity <= MAX_LINE_QUANTITY) {
          this.pending.push(event);
        }
        break;
      case 'cart.signedIn':
        this.signedIn = true;
        break;
      case 'cart.signedOut':
        if (this.signedIn) this.reset();
        this.signedIn = false;
        break;
      case 'cart.orderPlaced':
        if (this.signedIn) this.reset();
        break;
      case 'xstate.done.actor.fetchCart':
        if (inState('loading')) {
          this.confirmed = structuredClone(cart.server.cart);
          this.failing = false;
        }
        break;
      case 'xstate.error.actor.fetchCart':
      case 'xstate.error.actor.sendCartChange':
        if (inState('loading') || inState('sending')) this.failed(event.error.message);
        break;
      case 'xstate.done.actor.sendCartChange':
        if (!inState('sending')) break;
        if (event.output.status === 'applied') this.confirmHead(structuredClone(cart.server.cart));
        else {
          this.toasts.push(event.output.message);
          // The local change stays until the server's cart is fetched again.
          const head = this.pending.shift();
          if (head) this.confirmed = foldCart([asLogEvent(head, 0)], this.confirmed);
        }
        this.failing = false;
        break;
      default:
        break;
    }
  }
}

describe('cartMachine model paths', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const changes: CartMachineEvent[] = [
    { type: 'cart.itemAdded', itemId: 'p1', size: 'M' },
    { type: 'cart.itemAdded', itemId: 'p1', size: '' },
    { type: 'cart.quantitySet', itemId: 'p1', size: 'M', quantity: 3 },
    { type: 'cart.quantitySet', itemId: 'p2', size: 'S', quantity: 0 },
    { type: 'cart.quantitySet', itemId: 'p1', size: 'M', quantity: MAX_LINE_QUANTITY + 1 },
    { type: 'cart.signedIn' },
    { type: 'cart.signedOut' },
    { type: 'cart.wentOnline' },
    { type: 'cart.orderPlaced' },
  ];
  const eventsIn = (snapshot: AnyMachineSnapshot): DrivenEvent[] => {
    if (snapshot.matches({ signedIn: 'loading' })) {
      return [
        ...changes,
        { type: 'xstate.done.actor.fetchCart', output: ACCOUNT_CART },
        { type: 'xstate.error.actor.fetchCart', error: new Error(OFFLINE) },
      ];
    }
    if (snapshot.matches({ signedIn: 'sending' })) {
      return [
        ...changes,
        { type: 'xstate.done.actor.sendCartChange', output: { status: 'applied', cartData: ACCOUNT_CART } },
        { type: 'xstate.done.actor.sendCartChange', output: { status: 'refused', message: REFUSAL } },
        { type: 'xstate.error.actor.sendCartChange', error: new Error(OFFLINE) },
      ];
    }
    if (snapshot.matches({ signedIn: 'loadFailed' })) {
      return [...changes, { type: 'xstate.after.retryDelay.cart.signedIn.loadFailed' }];
    }
    if (snapshot.matches({ signedIn: 'sendFailed' })) {
      return [...changes, { type: 'xstate.after.retryDelay.cart.signedIn.sendFailed' }];
    }
    return changes;
  };
  const input = { log: EMPTY_CART_LOG };
  // The behaviour depends on whether changes are pending (one, or more), a refresh is owed, and a failure streak runs.
  const paths = transitionCoveringPaths<CartMachine, DrivenEvent>(cartMachine(), {
    input,
    events: eventsIn,
    serializeState: (snapshot) => {
      const context = snapshot.context;
      return JSON.stringify([
        snapshot.value,
        Math.min(pendingEvents(context.log).length, 2),
        context.needsRefresh,
        context.retries > 0,
      ]);
    },
  });

  it('reach every state node', () => {
    const reached = new Set(
      paths.flatMap((path) =>
        activeStateNodeIds('cart', predictedSnapshot(cartMachine(), input, path.events).value),
      ),
    );
    expect([...reached].sort()).toEqual(allStateNodeIds(cartMachine()).sort());
  });

  it.each(paths)('$name', async ({ events }) => {
    const cart = startCart();
    const expected = new ExpectedCart();
    for (const event of events) {
      const before = cart.actor.getSnapshot();
      if (before.matches({ signedIn: 'sending' }) && event.type === 'xstate.done.actor.sendCartChange') {
        // Each change goes out as the absolute quantity it gives its line.
        expect(cart.calls.send?.input).toEqual(expected.headQuantity());
      }
      await drive(cart, event);
      expected.apply(event, cart, before);
    }
    const snapshot = cart.actor.getSnapshot();

    expect(snapshot.value).toEqual(predictedSnapshot(cartMachine(), input, events).value);
    expect(selectCart(snapshot)).toEqual(expected.local);
    expect(selectOutboxLength(snapshot)).toBe(expected.signedIn ? expected.pending.length : 0);
    expect(cart.toasts).toEqual(expected.toasts);
    expect(selectCartSyncing(snapshot)).toBe(cart.calls.fetch !== undefined || cart.calls.send !== undefined);
    if (snapshot.matches({ signedIn: 'idle' })) expect(selectCart(snapshot)).toEqual(cart.server.cart);
    // What was last saved is the cart on screen, and reads back as it was saved.
    const saved = cart.persisted.at(-1) ?? EMPTY_CART_LOG;
    expect(foldCart(saved.events)).toEqual(selectCart(snapshot));
    expect(parseStoredCartLog(serializeCartLog(saved), () => undefined)).toEqual(saved);
    cart.actor.stop();
  });
});

describe('cartMachine rules', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('applies changes locally first and saves the log on every change', () => {
    const cart = startCart();
    cart.actor.send({ type: 'cart.itemAdded', itemId: 'p1', size: 'M' });
    cart.actor.send({ type: 'cart.itemAdded', itemId: 'p1', size: 'M' });
    cart.actor.send({ type: 'cart.quantitySet', itemId: 'p3', size: 'L', quantity: 4 });
    expect(selectCart(cart.actor.getSnapshot())).toEqual({ p1: { M: 2 }, p3: { L: 4 } });
    expect(selectCartCount(cart.actor.getSnapshot())).toBe(6);
    expect(cart.persisted).toHaveLength(3);
    expect(cart.calls.sent).toEqual([]);
  });

  it('starts from the stored log', () => {
    const stored: CartLog = {
      events: [{ type: 'quantitySet', id: 'a', at: 0, itemId: 'p1', size: 'M', quantity: 5 }],
      synced: 0,
    };
    expect(selectCart(startCart(stored).actor.getSnapshot())).toEqual({ p1: { M: 5 } });
  });

  it('merges a guest cart into the account’s: guest adds add to the account’s lines, guest sets replace them', async () => {
    const cart = startCart();
    cart.server.cart = { p1: { M: 3 }, p2: { S: 2 } };
    cart.actor.send({ type: 'cart.itemAdded', itemId: 'p1', size: 'M' });
    cart.actor.send({ type: 'cart.quantitySet', itemId: 'p2', size: 'S', quantity: 1 });
    cart.actor.send({ type: 'cart.itemAdded', itemId: 'p4', size: 'L' });
    cart.actor.send({ type: 'cart.signedIn' });
    await drive(cart, { type: 'xstate.done.actor.fetchCart', output: {} });
    for (let i = 0; i < 3; i++) {
      await drive(cart, {
        type: 'xstate.done.actor.sendCartChange',
        output: { status: 'applied', cartData: {} },
      });
    }
    expect(cart.calls.sent).toEqual([
      { itemId: 'p1', size: 'M', quantity: 4 },
      { itemId: 'p2', size: 'S', quantity: 1 },
      { itemId: 'p4', size: 'L', quantity: 1 },
    ]);
    expect(cart.server.cart).toEqual({ p1: { M: 4 }, p2: { S: 1 }, p4: { L: 1 } });
    expect(selectCart(cart.actor.getSnapshot())).toEqual(cart.server.cart);
    expect(cart.actor.getSnapshot().matches({ signedIn: 'idle' })).toBe(true);
  });

  it('resending a change after a lost answer cannot count it twice', async () => {
    const cart = startCart();
    cart.actor.send({ type: 'cart.signedIn' });
    await drive(cart, { type: 'xstate.done.actor.fetchCart', output: {} });
    cart.actor.send({ type: 'cart.itemAdded', itemId: 'p2', size: 'S' });
    // The server applies the change but the answer never arrives.
    applyOnServer(cart.server, cart.calls.send!.input);
    await drive(cart, { type: 'xstate.error.actor.sendCartChange', error: new Error('timeout') });
    cart.actor.send({ type: 'cart.wentOnline' });
    await drive(cart, {
      type: 'xstate.done.actor.sendCartChange',
      output: { status: 'applied', cartData: {} },
    });
    expect(cart.server.cart).toEqual({ p2: { S: 3 } });
    expect(selectCart(cart.actor.getSnapshot())).toEqual({ p2: { S: 3 } });
  });

  it('keeps a failed change, toasts once, and retries with a capped exponential backoff', async () => {
    const cart = startCart();
    cart.actor.send({ type: 'cart.signedIn' });
    await drive(cart, { type: 'xstate.done.actor.fetchCart', output: {} });
    cart.actor.send({ type: 'cart.itemAdded', itemId: 'p1', size: 'M' });
    const waits: number[] = [];
    for (let attempt = 0; attempt < 7; attempt++) {
      await drive(cart, { type: 'xstate.error.actor.sendCartChange', error: new Error(OFFLINE) });
      const started = cart.calls.sent.length;
      let waited = 0;
      while (cart.calls.sent.length === started) {
        vi.advanceTimersByTime(500);
        waited += 500;
      }
      waits.push(waited);
    }
    expect(waits).toEqual([1_000, 2_000, 4_000, 8_000, 16_000, RETRY_CAP_MS, RETRY_CAP_MS]);
    expect(cart.toasts).toEqual([OFFLINE]);
    expect(selectCartLastError(cart.actor.getSnapshot())).toBe(OFFLINE);
    expect(selectCart(cart.actor.getSnapshot())).toEqual({ p1: { M: 1 }, p2: { S: 2 } });
    expect(selectOutboxLength(cart.actor.getSnapshot())).toBe(1);
    await drive(cart, {
      type: 'xstate.done.actor.sendCartChange',
      output: { status: 'applied', cartData: {} },
    });
    expect(selectCartLastError(cart.actor.getSnapshot())).toBeNull();
    expect(selectOutboxLength(cart.actor.getSnapshot())).toBe(0);
  });

  it('sends changes one at a time, in order', async () => {
    const cart = startCart();
    cart.actor.send({ type: 'cart.signedIn' });
    await drive(cart, { type: 'xstate.done.actor.fetchCart', output: {} });
    cart.actor.send({ type: 'cart.itemAdded', itemId: 'p1', size: 'M' });
    cart.actor.send({ type: 'cart.quantitySet', itemId: 'p1', size: 'M', quantity: 5 });
    cart.actor.send({ type: 'cart.quantitySet', itemId: 'p1', size: 'M', quantity: 0 });
    expect(cart.calls.sent).toHaveLength(1);
    expect(selectOutboxLength(cart.actor.getSnapshot())).toBe(3);
    for (let i = 0; i < 3; i++) {
      await drive(cart, {
        type: 'xstate.done.actor.sendCartChange',
        output: { status: 'applied', cartData: {} },
      });
    }
    expect(cart.calls.sent.map((change) => change.quantity)).toEqual([1, 5, 0]);
    expect(selectCart(cart.actor.getSnapshot())).toEqual({ p2: { S: 2 } });
  });

  it('a refused change stays on screen until the server’s cart is fetched again', async () => {
    const cart = startCart();
    cart.actor.send({ type: 'cart.signedIn' });
    await drive(cart, { type: 'xstate.done.actor.fetchCart', output: {} });
    cart.actor.send({ type: 'cart.itemAdded', itemId: 'gone', size: 'M' });
    await drive(cart, {
      type: 'xstate.done.actor.sendCartChange',
      output: { status: 'refused', message: REFUSAL },
    });
    expect(cart.toasts).toEqual([REFUSAL]);
    expect(selectCart(cart.actor.getSnapshot())).toEqual({ gone: { M: 1 }, p2: { S: 2 } });
    expect(selectCartSyncing(cart.actor.getSnapshot())).toBe(true);
    await drive(cart, { type: 'xstate.done.actor.fetchCart', output: {} });
    expect(selectCart(cart.actor.getSnapshot())).toEqual({ p2: { S: 2 } });
  });

  it('signing out empties the cart and the saved log', async () => {
    const cart = startCart();
    cart.actor.send({ type: 'cart.signedIn' });
    await drive(cart, { type: 'xstate.done.actor.fetchCart', output: {} });
    cart.actor.send({ type: 'cart.signedOut' });
    expect(selectCart(cart.actor.getSnapshot())).toEqual({});
    expect(cart.persisted.at(-1)).toEqual(EMPTY_CART_LOG);
  });

  it('a guest’s own cart survives a signed-out report at start, but an account’s stored cart does not', () => {
    const guest = startCart({
      events: [{ type: 'added', id: 'a', at: 0, itemId: 'p1', size: 'M' }],
      synced: 0,
    });
    guest.actor.send({ type: 'cart.signedOut' });
    expect(selectCart(guest.actor.getSnapshot())).toEqual({ p1: { M: 1 } });
    const account = startCart({
      events: [{ type: 'quantitySet', id: 'base-0', at: 0, itemId: 'p2', size: 'S', quantity: 2 }],
      synced: 1,
    });
    account.actor.send({ type: 'cart.signedOut' });
    expect(selectCart(account.actor.getSnapshot())).toEqual({});
  });

  it('an account’s stored cart is replaced by the server’s on sign-in, not merged into it again', async () => {
    const cart = startCart({
      events: [
        { type: 'quantitySet', id: 'base-0', at: 0, itemId: 'p9', size: 'S', quantity: 2 },
        { type: 'added', id: 'a', at: 1, itemId: 'p1', size: 'M' },
      ],
      synced: 1,
    });
    cart.actor.send({ type: 'cart.signedIn' });
    await drive(cart, { type: 'xstate.done.actor.fetchCart', output: {} });
    await drive(cart, {
      type: 'xstate.done.actor.sendCartChange',
      output: { status: 'applied', cartData: {} },
    });
    expect(selectCart(cart.actor.getSnapshot())).toEqual({ p1: { M: 1 }, p2: { S: 2 } });
  });
});

describe('cartMachine in several tabs', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  /** Two signed-in tabs on one account: `sender` sends the outbox, `follower` follows the shared log. */
  async function twoTabs() {
    const sender = startCart(EMPTY_CART_LOG, { sender: true });
    const follower = startCart(EMPTY_CART_LOG, { sender: false, server: sender.server });
    for (const tab of [sender, follower]) {
      tab.actor.send({ type: 'cart.signedIn' });
      await drive(tab, { type: 'xstate.done.actor.fetchCart', output: {} });
    }
    return { sender, follower };
  }

  /** What the browser's `storage` events hand the other tab: each log `from` saved since the last delivery, in order. */
  const delivered = new Map<Cart, number>();
  async function share(from: Cart, to: Cart): Promise<void> {
    for (const log of from.persisted.slice(delivered.get(from) ?? 0))
      to.actor.send({ type: 'cart.storedLogChanged', log });
    delivered.set(from, from.persisted.length);
    await settle();
  }

  const applied = {
    type: 'xstate.done.actor.sendCartChange',
    output: { status: 'applied', cartData: {} },
  } as const;

  it('a change in one tab shows in the other, and is sent once, by the sending tab', async () => {
    const { sender, follower } = await twoTabs();
    follower.actor.send({ type: 'cart.itemAdded', itemId: 'p1', size: 'M' });
    expect(follower.calls.sent).toEqual([]);
    await share(follower, sender);
    expect(selectCart(sender.actor.getSnapshot())).toEqual({ p1: { M: 1 }, p2: { S: 2 } });
    expect(sender.calls.sent).toEqual([{ itemId: 'p1', size: 'M', quantity: 1 }]);

    await drive(sender, applied);
    await share(sender, follower);
    expect(selectCart(follower.actor.getSnapshot())).toEqual({ p1: { M: 1 }, p2: { S: 2 } });
    expect(selectOutboxLength(follower.actor.getSnapshot())).toBe(0);
    expect(follower.calls.sent).toEqual([]);
    expect(sender.server.cart).toEqual({ p1: { M: 1 }, p2: { S: 2 } });
  });

  it('changes made in both tabs at the same moment are all kept and each sent once', async () => {
    const { sender, follower } = await twoTabs();
    sender.actor.send({ type: 'cart.itemAdded', itemId: 'p1', size: 'M' });
    follower.actor.send({ type: 'cart.itemAdded', itemId: 'p3', size: 'L' });
    // Each tab wrote before the other's write reached it.
    const [fromSender, fromFollower] = [sender.persisted.at(-1)!, follower.persisted.at(-1)!];
    follower.actor.send({ type: 'cart.storedLogChanged', log: fromSender });
    sender.actor.send({ type: 'cart.storedLogChanged', log: fromFollower });
    await settle();
    const both = { p1: { M: 1 }, p2: { S: 2 }, p3: { L: 1 } };
    expect(selectCart(sender.actor.getSnapshot())).toEqual(both);
    expect(selectCart(follower.actor.getSnapshot())).toEqual(both);
    await drive(sender, applied);
    await drive(sender, applied);
    expect(sender.calls.sent).toEqual([
      { itemId: 'p1', size: 'M', quantity: 1 },
      { itemId: 'p3', size: 'L', quantity: 1 },
    ]);
    expect(sender.server.cart).toEqual(both);
    expect(follower.calls.sent).toEqual([]);
  });

  /** A guest's shoe in both tabs; the shopper signs in, and both tabs ask for the account's (empty) cart. */
  function signingInWithAGuestsShoe() {
    const server = { cart: {} as CartData };
    const guest: CartLog = {
      events: [{ type: 'added', id: 'g1', at: 1, itemId: 'p1', size: 'M' }],
      synced: 0,
    };
    const sender = startCart(guest, { sender: true, server });
    const follower = startCart(guest, { sender: false, server });
    sender.actor.send({ type: 'cart.signedIn' });
    follower.actor.send({ type: 'cart.signedIn' });
    return { server, sender, follower };
  }

  it('a cart fetched before the other tab confirmed its sign-in merge does not undo the merge', async () => {
    const { server, sender, follower } = signingInWithAGuestsShoe();
    const followersFirstFetch = follower.calls.fetch!;
    // The sender's answer comes first; it sends the merge and shares the confirmed log.
    await drive(sender, { type: 'xstate.done.actor.fetchCart', output: {} });
    await drive(sender, applied);
    await share(sender, follower);
    // Only then does the follower's first answer arrive, from before the merge; then any fetch it made since.
    const latestFetch = follower.calls.fetch!;
    followersFirstFetch.resolve({});
    await settle();
    latestFetch.resolve(structuredClone(server.cart));
    await settle();
    expect(selectCart(follower.actor.getSnapshot())).toEqual({ p1: { M: 1 } });
    expect(foldCart(follower.persisted.at(-1)!.events)).toEqual({ p1: { M: 1 } });
    expect(follower.calls.sent).toEqual([]);
  });

  it('a tab that took over a closed tab’s outbox does not merge the guest’s shoe a second time', async () => {
    // The sending tab merges the shoe and closes before hearing back.
    const { server, sender, follower } = signingInWithAGuestsShoe();
    await drive(sender, { type: 'xstate.done.actor.fetchCart', output: {} });
    applyOnServer(server, sender.calls.send!.input);
    await share(sender, follower);
    sender.actor.stop();
    // The follower fetches the account's cart, which has the shoe already, and takes over sending.
    await drive(follower, { type: 'xstate.done.actor.fetchCart', output: {} });
    follower.actor.send({ type: 'cart.senderChanged', sender: true });
    await drive(follower, applied);
    expect(follower.calls.sent).toEqual([{ itemId: 'p1', size: 'M', quantity: 1 }]);
    expect(server.cart).toEqual({ p1: { M: 1 } });
    expect(selectCart(follower.actor.getSnapshot())).toEqual({ p1: { M: 1 } });
  });

  it('a stale copy of the log does not bring back a change the server already has', async () => {
    const { sender, follower } = await twoTabs();
    follower.actor.send({ type: 'cart.itemAdded', itemId: 'p1', size: 'M' });
    await share(follower, sender);
    await drive(sender, applied);
    // The follower, not told yet, adds another shoe: its log still shows p1 as waiting.
    follower.actor.send({ type: 'cart.itemAdded', itemId: 'p3', size: 'L' });
    await share(follower, sender);
    await drive(sender, applied);
    expect(sender.calls.sent).toEqual([
      { itemId: 'p1', size: 'M', quantity: 1 },
      { itemId: 'p3', size: 'L', quantity: 1 },
    ]);
    expect(selectCart(sender.actor.getSnapshot())).toEqual({ p1: { M: 1 }, p2: { S: 2 }, p3: { L: 1 } });
    // And the sender's log, stored again, brings the follower up to date.
    await share(sender, follower);
    expect(selectOutboxLength(follower.actor.getSnapshot())).toBe(0);
    expect(selectCart(follower.actor.getSnapshot())).toEqual(sender.server.cart);
  });

  it('a tab that becomes the sender (the other was closed) sends what waits', async () => {
    const { follower } = await twoTabs();
    follower.actor.send({ type: 'cart.itemAdded', itemId: 'p1', size: 'M' });
    expect(follower.calls.sent).toEqual([]);
    follower.actor.send({ type: 'cart.senderChanged', sender: true });
    await settle();
    expect(follower.calls.sent).toEqual([{ itemId: 'p1', size: 'M', quantity: 1 }]);
  });

  it('an order placed in one tab empties the cart in the others', async () => {
    const { sender, follower } = await twoTabs();
    follower.actor.send({ type: 'cart.itemAdded', itemId: 'p1', size: 'M' });
    await share(follower, sender);
    await drive(sender, applied);
    await drive(follower, { type: 'cart.orderPlaced' });
    await share(follower, sender);
    expect(selectCart(sender.actor.getSnapshot())).toEqual({});
  });
});
