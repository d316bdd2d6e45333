import { createHash } from 'node:crypto';
import { StoreError } from '../errors.js';
import type { PlacedOrder } from '../rest/store-api.js';

// Exactly one order per checkout attempt, on any backend. The web sends one idempotency key per attempt; our API
// honours it, the seed's backend does not (nor does it answer the order it stored). So the BFF remembers each key's
// outcome: a double click waits for the first call, a retry after success gets the same answer, and a retry after
// an answer that never came (the backend may or may not have stored the order) first looks for that order among
// the shopper's orders before placing it again. The memory is per process (README "Using your own backend").

/** How an attempt's last call ended. */
type Outcome =
  | { state: 'pending'; result: Promise<PlacedOrder> }
  | { state: 'placed'; result: PlacedOrder }
  /** The call failed on the way: the backend may have stored the order. */
  | { state: 'unknown' };

interface Attempt {
  outcome: Outcome;
  /** Whether a placing call went out: until one did, no order can exist and the next try starts afresh. */
  sent: boolean;
  /** The shopper's orders before the first call, where they were read: any other order may be this attempt's. */
  before?: ReadonlySet<string>;
  /** The order this attempt is known to have made, so no other attempt claims it. */
  orderId?: string;
  expiresAt: number;
}

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
  ttlMs?: number;
  now?: () => number;
}

// The backend answered and said no: nothing was stored, and the same key may be tried afresh.
const REFUSALS = new Set(['BAD_USER_INPUT', 'NOT_FOUND', 'UNAUTHENTICATED', 'TOO_MANY_REQUESTS']);

function wasRefused(error: unknown): boolean {
  return error instanceof StoreError && REFUSALS.has(String(error.extensions.code));
}

export class OrderAttempts {
  readonly #attempts = new Map<string, Attempt>();
  readonly #maxAttempts: number;
  readonly #ttlMs: number;
  readonly #now: () => number;
  /** Seen answering the order it placed (ours does): its idempotency key is then trusted and no orders are read first. */
  #backendAnswersOrders = false;

  constructor({ maxAttempts = 10_000, ttlMs = 24 * 60 * 60 * 1000, now = Date.now }: OrderAttemptsOptions = {}) {
    this.#maxAttempts = maxAttempts;
    this.#ttlMs = ttlMs;
    this.#now = now;
  }

  /** Keys belong to a shopper (the same key from two shoppers is two attempts); the token is kept only as a hash. */
  static keyOf(authorization: string, idempotencyKey: string): string {
    return `${createHash('sha256').update(authorization).digest('base64url')}:${idempotencyKey}`;
  }

  /** Places the attempt's order unless its outcome is already known or on its way. */
  async run(key: string, calls: AttemptCalls): Promise<PlacedOrder> {
    const now = this.#now();
    const known = this.#attempts.get(key);
    const previous = known !== undefined && known.expiresAt > now ? known : undefined;
    if (previous?.outcome.state === 'placed') return { ...previous.outcome.result, replayed: true };
    if (previous?.outcome.state === 'pending') return { ...(await previous.outcome.result), replayed: true };

    const attempt: Attempt = {
      outcome: { state: 'unknown' },
      sent: previous?.sent ?? false,
      before: previous?.before,
      expiresAt: now + this.#ttlMs,
    };
    const result = (async () => {
      if (!attempt.sent && !this.#backendAnswersOrders) attempt.before = await calls.ordersBefore();
      const unresolved =
        attempt.sent && attempt.before !== undefined ? { before: attempt.before, claimed: this.#claimedBesides(key) } : undefined;
      attempt.sent = true;
      return calls.place(unresolved);
    })();
    attempt.outcome = { state: 'pending', result };
    this.#remember(key, attempt);
    try {
      const placed = await result;
      attempt.outcome = { state: 'placed', result: placed };
      attempt.orderId = placed.order?._id;
      if (placed.order !== undefined && !placed.replayed) this.#backendAnswersOrders = true;
      return placed;
    } catch (error) {
      if (wasRefused(error)) this.#attempts.delete(key);
      else attempt.outcome = { state: 'unknown' };
      throw error;
    }
  }

  #claimedBesides(key: string): Set<string> {
    const shopper = key.slice(0, key.indexOf(':') + 1);
    const claimed = new Set<string>();
    for (const [other, attempt] of this.#attempts) {
      if (other !== key && other.startsWith(shopper) && attempt.orderId !== undefined) claimed.add(attempt.orderId);
    }
    return claimed;
  }

  #remember(key: string, attempt: Attempt): void {
    this.#attempts.delete(key);
    this.#attempts.set(key, attempt);
    // Oldest first out; an attempt still on its way stays (whoever waits on it holds it anyway).
    for (const [oldest, entry] of this.#attempts) {
      if (this.#attempts.size <= this.#maxAttempts) break;
      if (entry.outcome.state === 'pending') break;
      this.#attempts.delete(oldest);
    }
  }
}
