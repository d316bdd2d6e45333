import { createHash } from 'node:crypto';
import { BoundedCache, stringBytes } from '../../../lib/bounded-cache.js';
import { SingleFlight } from '../../../lib/single-flight.js';
import { StoreError } from '../errors.js';
import type { PlacedOrder } from '../rest/store-api.js';

// Exactly one order per checkout attempt, on any backend. The web sends one idempotency key per attempt; our API
// honours it, the seed's backend does not (nor does it answer the order it stored). So the BFF remembers each key's
// outcome: a double click waits for the first call, a retry after success gets the same answer, and a retry after
// an answer that never came (the backend may or may not have stored the order) first looks for that order among
// the shopper's orders before placing it again. The memory is per process (README "Using your own backend").

/**
 * A placing call that failed on the way: the backend may have stored the order. `before` holds the shopper's orders
 * before the first call, where they were read: any other order may be this attempt's.
 */
interface UnknownOutcome {
  state: 'unknown';
  before?: ReadonlySet<string>;
}

/** How an attempt's last placing call ended, once it has (one on its way is in `OrderAttempts`'s single flight). */
type Settled = { state: 'placed'; result: PlacedOrder } | UnknownOutcome;

/** What a retry after an unknown outcome is given to find the order the first call may have made. */
export interface Unresolved {
  before: ReadonlySet<string>;
  /** Orders other attempts of this shopper made, which cannot be this attempt's. */
  claimed: ReadonlySet<string>;
}

export interface AttemptCalls {
  /** The ids of the shopper's orders now; only asked while the backend has not been seen answering the order it places. */
  ordersBefore(): Promise<ReadonlySet<string>>;
  /** Places the order; on a retry after an unknown outcome, first looks for it (then answering it replayed). */
  place(unresolved: Unresolved | undefined): Promise<PlacedOrder>;
}

export interface OrderAttemptsOptions {
  maxAttempts?: number;
  /** The most the settled attempts may take together (their orders and order ids). */
  maxBytes?: number;
  ttlMs?: number;
  now?: () => number;
}

/**
 * Settled attempts kept, by bytes besides the count: an order answered is at most 1 MiB (MAX_ORDER_BODY_BYTES) of
 * product copies, a few KB usually, so 10,000 of those fit; a shopper flooding keys makes the BFF forget, never grow.
 */
const ATTEMPTS_MAX_BYTES = 32 * 1024 * 1024;
/** A Set slot and its record, per order id remembered. */
const ID_OVERHEAD_BYTES = 32;

// The backend answered and said no: nothing was stored, and the same key may be tried afresh (a refusal for stock
// too: once the shelf is restocked the same cart may be placed, and the web's key changes only with the cart).
const REFUSALS = new Set([
  'BAD_USER_INPUT',
  'NOT_FOUND',
  'UNAUTHENTICATED',
  'TOO_MANY_REQUESTS',
  'OUT_OF_STOCK',
]);

function wasRefused(error: unknown): boolean {
  return error instanceof StoreError && REFUSALS.has(String(error.extensions.code));
}

const idsBytes = (ids: Iterable<string>): number =>
  [...ids].reduce((bytes, id) => bytes + stringBytes(id) + ID_OVERHEAD_BYTES, 0);

function settledBytes(settled: Settled): number {
  return settled.state === 'placed'
    ? stringBytes(JSON.stringify(settled.result))
    : idsBytes(settled.before ?? []);
}

/** The orders one shopper's attempts made, by attempt, so a retry of another attempt does not take them for its own. */
interface Claims {
  orders: Map<string, string>;
  bytes: number;
}

/** An attempt key's shopper part (keys are `<shopper hash>:<idempotency key>`). */
const shopperOf = (key: string): string => key.slice(0, key.indexOf(':') + 1);

export class OrderAttempts {
  /** Attempts whose call is on its way: never dropped (whoever waits on one holds it anyway). */
  readonly #placing = new SingleFlight<PlacedOrder>();
  readonly #settled: BoundedCache<Settled>;
  readonly #claims: BoundedCache<Claims>;
  /** Seen answering the order it placed (ours does): its idempotency key is then trusted and no orders are read first. */
  #backendAnswersOrders = false;

  constructor({
    maxAttempts = 10_000,
    maxBytes = ATTEMPTS_MAX_BYTES,
    ttlMs = 24 * 60 * 60 * 1000,
    now = Date.now,
  }: OrderAttemptsOptions = {}) {
    this.#settled = new BoundedCache({ maxBytes, maxEntries: maxAttempts, ttlMs, now, sizeOf: settledBytes });
    this.#claims = new BoundedCache({
      maxBytes,
      maxEntries: maxAttempts,
      ttlMs,
      now,
      sizeOf: (claims) => claims.bytes,
    });
  }

  /**
   * Keys belong to a shopper (the same key from two shoppers is two attempts), named as the backend vouched for them
   * (`SignedInApi.verifiedShopper`: their user id, else their token); it is kept only as a hash.
   */
  static keyOf(shopper: string, idempotencyKey: string): string {
    return `${createHash('sha256').update(shopper).digest('base64url')}:${idempotencyKey}`;
  }

  /** Places the attempt's order unless its outcome is already known or on its way. */
  async run(key: string, calls: AttemptCalls): Promise<PlacedOrder> {
    const previous = this.#settled.get(key);
    if (previous?.state === 'placed') return { ...previous.result, replayed: true };
    // Set by the work the flight runs only for the first caller (a callback the type checker does not follow).
    let first = false as boolean;
    const placed = await this.#placing.run(key, () => {
      first = true;
      return this.#place(key, previous, calls);
    });
    // A double click waits for the first call and is answered its order, replayed.
    return first ? placed : { ...placed, replayed: true };
  }

  async #place(key: string, previous: UnknownOutcome | undefined, calls: AttemptCalls): Promise<PlacedOrder> {
    // An unknown outcome means a placing call went out: until one did, no order can exist and this try starts afresh.
    const sent = previous !== undefined;
    const before = sent
      ? previous.before
      : this.#backendAnswersOrders
        ? undefined
        : await calls.ordersBefore();
    const unresolved =
      sent && before !== undefined ? { before, claimed: this.#claimedBesides(key) } : undefined;
    try {
      const placed = await calls.place(unresolved);
      this.#settled.set(key, { state: 'placed', result: placed });
      if (placed.order !== undefined) this.#claim(key, placed.order._id);
      if (placed.order !== undefined && !placed.replayed) this.#backendAnswersOrders = true;
      return placed;
    } catch (error) {
      if (wasRefused(error)) this.#settled.delete(key);
      else this.#settled.set(key, { state: 'unknown', before });
      throw error;
    }
  }

  #claimedBesides(key: string): Set<string> {
    const claimed = new Set<string>();
    for (const [other, orderId] of this.#claims.get(shopperOf(key))?.orders ?? [])
      if (other !== key) claimed.add(orderId);
    return claimed;
  }

  #claim(key: string, orderId: string): void {
    const shopper = shopperOf(key);
    const claims = this.#claims.get(shopper) ?? { orders: new Map<string, string>(), bytes: 0 };
    if (claims.orders.has(key)) return;
    claims.orders.set(key, orderId);
    claims.bytes += stringBytes(key) + idsBytes([orderId]);
    this.#claims.set(shopper, claims);
  }
}
