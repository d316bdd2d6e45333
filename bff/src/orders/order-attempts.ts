import { createHash } from 'node:crypto';
import { BoundedCache, stringBytes } from '../../../lib/bounded-cache.js';
import { SingleFlight } from '../../../lib/single-flight.js';
import { StoreError } from '../errors.js';
import type { PlacedOrder } from '../rest/store-api.js';

// Exactly one order per checkout attempt, even on the seed's backend, which ignores idempotency keys: the BFF
// remembers each key's outcome, per process (docs/decisions/009).

/** The backend may have stored the order: any order not in `before` (if read) may be this attempt's. */
interface UnknownOutcome {
  state: 'unknown';
  before?: ReadonlySet<string>;
}

/** A call on its way is in `OrderAttempts`'s single flight, not here. */
type Settled = { state: 'placed'; result: PlacedOrder } | UnknownOutcome;

export interface Unresolved {
  before: ReadonlySet<string>;
  /** Orders other attempts of this shopper made, which cannot be this attempt's. */
  claimed: ReadonlySet<string>;
}

export interface AttemptCalls {
  /** Only asked while the backend has not been seen answering the order it places. */
  ordersBefore(): Promise<ReadonlySet<string>>;
  /** With `unresolved`, first looks for the order the lost call may have made (then answered replayed). */
  place(unresolved: Unresolved | undefined): Promise<PlacedOrder>;
}

export interface OrderAttemptsOptions {
  maxAttempts?: number;
  maxBytes?: number;
  ttlMs?: number;
  now?: () => number;
}

/** An order is a few KB (at most 1 MiB); a shopper flooding keys makes the BFF forget, never grow. */
const ATTEMPTS_MAX_BYTES = 32 * 1024 * 1024;
/** A Set slot and its record. */
const ID_OVERHEAD_BYTES = 32;

// Nothing was stored, so the same key may be tried afresh (after a stock refusal too: the web's key changes
// only with the cart, and a restocked shelf may take the same cart).
const REFUSALS = new Set([
  'BAD_USER_INPUT',
  'NOT_FOUND',
  'UNAUTHENTICATED',
  'TOO_MANY_REQUESTS',
  'OUT_OF_STOCK',
  'PRICE_CHANGED',
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

/** By attempt, so a retry of another attempt does not take them for its own. */
interface Claims {
  orders: Map<string, string>;
  bytes: number;
}

/** An attempt key's shopper part (keys are `<shopper hash>:<idempotency key>`). */
const shopperOf = (key: string): string => key.slice(0, key.indexOf(':') + 1);

export class OrderAttempts {
  /** Never dropped: whoever waits on one holds it anyway. */
  readonly #placing = new SingleFlight<PlacedOrder>();
  readonly #settled: BoundedCache<Settled>;
  readonly #claims: BoundedCache<Claims>;
  /** Seen answering the order it placed (ours does): its idempotency key is then trusted. */
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

  /** The same key from two shoppers is two attempts; the shopper (maybe a token) is kept only as a hash. */
  static keyOf(shopper: string, idempotencyKey: string): string {
    return `${createHash('sha256').update(shopper).digest('base64url')}:${idempotencyKey}`;
  }

  /** The order this attempt placed, answered again (replayed); undefined while none is known. */
  replay(key: string): PlacedOrder | undefined {
    const previous = this.#settled.get(key);
    return previous?.state === 'placed' ? { ...previous.result, replayed: true } : undefined;
  }

  async run(key: string, calls: AttemptCalls): Promise<PlacedOrder> {
    const previous = this.#settled.get(key);
    if (previous?.state === 'placed') return { ...previous.result, replayed: true };
    // Set in a callback, which the type checker does not follow.
    let first = false as boolean;
    const placed = await this.#placing.run(key, () => {
      first = true;
      return this.#place(key, previous, calls);
    });
    return first ? placed : { ...placed, replayed: true };
  }

  async #place(key: string, previous: UnknownOutcome | undefined, calls: AttemptCalls): Promise<PlacedOrder> {
    // Until a placing call went out, no order can exist.
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
