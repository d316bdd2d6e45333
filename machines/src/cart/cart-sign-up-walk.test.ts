import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, type Actor } from 'xstate';
import { parseStoredCartLog, serializeCartLog, type CartData, type CartLog } from './cart-events.js';
import type { CartChange } from './cart-log.js';
import { cartMachine, storedCartLog, type CartChangeResult, type CartMachine } from './cart-machine.js';
import { selectCart, selectOutboxLength } from './cart-selectors.js';

// A guest's shoe survives sign-up on a backend of the seed kind. The walk, at machine level:
// the shoe is in the stored log; the shopper signs up in the first page; then the cart opens in the same tab (a
// navigation: the first page is gone, but the calls it made still reach the store), in a second tab while the
// first stays open, or in a second tab just before the first closes. Tabs share the log through storage events
// and one sends the outbox, elected by a lock. Every order of the store's steps, the answers, the storage events, the
// lock and the retries is allowed; in each, the shoe ends in every open tab and in the account.
//
// The store is the seed's backend behind the BFF (tests/support/lineage-backend.ts, bff/src/cart/resolvers.ts): an
// update of a line the cart lacks fails, so the BFF reads the cart, adds, reads again and, if needed, sets; each step
// is a call of its own, interleaving with other calls, and an add reads then writes the whole cart. The BFF may give up
// on any step (its timeout) while the backend still does it. Each fetch of the cart reads the store anew (the web's
// fetchCart is a request of its own: web/src/graphql/store-call.ts).

const SHOE = { itemId: 'p1', size: 'UK 8' };
const GUEST_LOG: CartLog = { events: [{ type: 'added', id: 'guest-1', at: 1, ...SHOE }], synced: 0 };

type Step =
  'read' | 'update' | 'readAfterRefusal' | 'addRead' | 'addWrite' | 'readAfterAdd' | 'readAfterWrite';

/** One call on its way: a cart fetch, or one outbox change going through the BFF's steps. */
interface Call {
  change?: CartChange;
  step: Step;
  /** The cart an add read, written back at its next step. */
  read?: CartData;
  /** Set the update again after the add: a second refusal is final. */
  again?: boolean;
  /** The add's answer was lost: a refusal of the update after it is a failure the page retries. */
  lostAdd?: boolean;
  /** What the page will hear: the answer, or a failure (the BFF gave up). */
  outcome?: { answer: unknown } | { failed: true };
  /** The page's end of the call (an actor stopped meanwhile ignores what it hears). */
  settle: { resolve: (answer: never) => void; reject: (error: Error) => void };
}

const lineOf = (cart: CartData, change: CartChange) => cart[change.itemId]?.[change.size];

/** The seed's backend behind the BFF, one step at a time. */
class Store {
  cart: CartData = {};

  step(call: Call): void {
    const change = call.change!;
    const answer = (value: unknown): void => {
      call.outcome = { answer: value };
    };
    switch (call.step) {
      case 'read':
        return answer(structuredClone(this.cart));
      case 'update':
        // `cartData[itemId][size] = quantity` on a product the cart lacks throws; the BFF then looks at the cart.
        if (this.cart[change.itemId]) {
          this.cart[change.itemId]![change.size] = change.quantity;
          call.step = 'readAfterWrite';
        } else if (call.lostAdd) call.outcome = { failed: true };
        else if (call.again) answer({ status: 'refused', message: 'Cannot set properties of undefined' });
        else call.step = 'readAfterRefusal';
        return;
      case 'readAfterRefusal':
        if (this.cart[change.itemId] !== undefined)
          return answer({ status: 'refused', message: 'Cannot set properties' });
        call.step = 'addRead';
        return;
      case 'addRead':
        call.read = structuredClone(this.cart);
        call.step = 'addWrite';
        return;
      case 'addWrite': {
        const sizes = (call.read![change.itemId] ??= {});
        sizes[change.size] = (sizes[change.size] ?? 0) + 1;
        this.cart = call.read!;
        call.step = 'readAfterAdd';
        return;
      }
      case 'readAfterAdd':
        if (lineOf(this.cart, change) === change.quantity)
          return answer({ status: 'applied', cartData: structuredClone(this.cart) });
        call.again = true;
        call.step = 'update';
        return;
      case 'readAfterWrite':
        return answer({ status: 'applied', cartData: structuredClone(this.cart) });
    }
  }
}

interface Tab {
  name: string;
  actor: Actor<CartMachine>;
  open: boolean;
  /** Logs other tabs stored, not yet delivered to this one (the browser's storage events, in order). */
  inbox: CartLog[];
}

type Scenario = 'same tab' | 'second tab' | 'second tab, first closing';

/** One walk: the pages, the shared storage, the lock and the store, driven by a list of choices. */
class Walk {
  readonly store = new Store();
  readonly tabs: Tab[] = [];
  readonly calls: Call[] = [];
  readonly trace: string[] = [];
  private storage = serializeCartLog(GUEST_LOG);
  /** The tabs waiting for the sender's lock, in order; the first holds it once granted. */
  private readonly lockQueue: Tab[] = [];
  private lockHolder: Tab | undefined;
  private phase: 'guest' | 'signedUp' | 'cartOpened' = 'guest';
  /** The BFF's timeouts in one walk: a few, so the walk's other orders are explored rather than only retries. */
  private giveUpsLeft = 2;

  constructor(private readonly scenario: Scenario) {
    this.openTab('first', false);
  }

  private openTab(name: string, signedIn: boolean): void {
    const call = (kind: 'fetch' | 'send', change?: CartChange) =>
      new Promise<never>((resolve, reject) => {
        this.calls.push({ change, step: kind === 'fetch' ? 'read' : 'update', settle: { resolve, reject } });
        this.trace.push(
          `${name} ${kind === 'fetch' ? 'fetches the cart' : `sends ${JSON.stringify(change)}`}`,
        );
      });
    const logic = cartMachine().provide({
      actors: {
        fetchCart: fromPromise<CartData>(() => call('fetch')),
        sendCartChange: fromPromise<CartChangeResult, CartChange>(({ input }) => call('send', input)),
      },
      actions: {
        persistLog: ({ context }) => {
          this.storage = serializeCartLog(storedCartLog(context));
          this.trace.push(`${name} stores ${this.storage}`);
          for (const other of this.tabs) {
            if (other.name !== name && other.open)
              other.inbox.push(parseStoredCartLog(this.storage, () => undefined));
          }
        },
      },
    });
    // A page starts from the stored log, not the sender until the lock is granted.
    const actor = createActor(logic, {
      input: { log: parseStoredCartLog(this.storage, () => undefined), sender: false },
    }).start();
    actor.send({ type: signedIn ? 'cart.signedIn' : 'cart.signedOut' });
    const tab: Tab = { name, actor, open: true, inbox: [] };
    this.tabs.push(tab);
    this.lockQueue.push(tab);
  }

  private closeTab(tab: Tab): void {
    tab.open = false;
    // Its calls still reach the store; their answers reach nobody (a stopped actor ignores them).
    tab.actor.stop();
    if (this.lockHolder === tab) this.lockHolder = undefined;
    this.lockQueue.splice(this.lockQueue.indexOf(tab), 1);
    this.trace.push(`${tab.name} closes`);
  }

  /** What may happen next; the first is never a failure, so a walk still ends once its choices run out (all 0). */
  private moves(): Array<[string, () => void]> {
    const moves: Array<[string, () => void]> = [];
    for (const call of this.calls) {
      if (call.outcome) {
        moves.push([`answer ${call.step}`, () => this.answer(call)]);
      } else {
        moves.push([`store: ${call.step}`, () => this.store.step(call)]);
        if (this.giveUpsLeft > 0) moves.push([`store: ${call.step}, BFF gives up`, () => this.giveUp(call)]);
      }
    }
    for (const tab of this.tabs) {
      if (tab.open && tab.inbox.length > 0) {
        moves.push([
          `storage event → ${tab.name}`,
          () => tab.actor.send({ type: 'cart.storedLogChanged', log: tab.inbox.shift()! }),
        ]);
      }
    }
    const next = this.lockQueue[0];
    if (this.lockHolder === undefined && next) {
      moves.push([
        `lock → ${next.name}`,
        () => ((this.lockHolder = next), next.actor.send({ type: 'cart.senderChanged', sender: true })),
      ]);
    }
    if (this.phase === 'guest') moves.push(['sign up in the first tab', () => this.signUp()]);
    if (this.phase === 'signedUp') moves.push(['open /cart', () => this.openCart()]);
    // A shopper closes a tab long after its last write reached the others (a storage event takes milliseconds).
    const first = this.tabs[0]!;
    const delivered = this.tabs.every((tab) => tab.inbox.length === 0);
    if (
      this.scenario === 'second tab, first closing' &&
      this.phase === 'cartOpened' &&
      first.open &&
      delivered
    ) {
      moves.push(['close the first tab', () => this.closeTab(first)]);
    }
    if (moves.length === 0 && vi.getTimerCount() > 0)
      moves.push(['retry after the backoff', () => vi.runOnlyPendingTimers()]);
    return moves;
  }

  private signUp(): void {
    this.phase = 'signedUp';
    this.tabs[0]!.actor.send({ type: 'cart.signedIn' });
  }

  private openCart(): void {
    this.phase = 'cartOpened';
    if (this.scenario === 'same tab') this.closeTab(this.tabs[0]!);
    this.openTab('second', true);
  }

  private answer(call: Call): void {
    this.calls.splice(this.calls.indexOf(call), 1);
    if ('failed' in call.outcome!) call.settle.reject(new Error('The store is not answering right now.'));
    else call.settle.resolve(call.outcome!.answer as never);
  }

  /**
   * The backend still does the step; the page hears a failure and retries. An add whose answer is lost is
   * followed by the update all the same (a refusal then is the add's failure).
   */
  private giveUp(call: Call): void {
    this.giveUpsLeft -= 1;
    const afterAdd = call.step === 'addWrite' || call.step === 'readAfterAdd';
    this.store.step(call);
    if (afterAdd) Object.assign(call, { step: 'update', again: true, lostAdd: true, outcome: undefined });
    else call.outcome = { failed: true };
  }

  async run(choices: readonly number[]): Promise<void> {
    for (let turn = 0; turn < 2_000; turn++) {
      const moves = this.moves();
      if (moves.length === 0) return;
      const [label, move] = moves[(choices[turn] ?? 0) % moves.length]!;
      this.trace.push(`— ${label}`);
      move();
      await new Promise((resolve) => setImmediate(resolve));
    }
    throw new Error(`the walk never settled:\n${this.trace.join('\n')}`);
  }
}

describe('a guest’s shoe through sign-up, on a backend of the seed kind, in every order', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it.each<Scenario>(['same tab', 'second tab', 'second tab, first closing'])(
    'the cart opened in the %s ends with the shoe in every open tab and in the account',
    async (scenario) => {
      await fc.assert(
        fc.asyncProperty(
          fc.array(fc.noBias(fc.nat({ max: 999 })), { minLength: 200, maxLength: 200 }),
          async (choices) => {
            const walk = new Walk(scenario);
            await walk.run(choices);
            const shown = walk.tabs.filter((tab) => tab.open).map((tab) => tab.actor.getSnapshot());
            const trace = walk.trace.join('\n');
            expect(lineOf(walk.store.cart, { ...SHOE, quantity: 1 }), trace).toBe(1);
            for (const snapshot of shown) {
              expect(selectCart(snapshot), trace).toEqual(walk.store.cart);
              expect(selectOutboxLength(snapshot), trace).toBe(0);
            }
          },
        ),
        { numRuns: 300 },
      );
    },
    120_000,
  );
});
