import { BusyError } from '../http/errors.js';

// Password hashing is the API's one deliberately expensive step (tens of milliseconds of CPU and 19 MiB each), so it
// is a bounded resource: at most `concurrency` hashes run at once, at most `queueLimit` wait, and anything beyond is
// refused at once with a Retry-After estimate rather than left to wait past the caller's deadline.

export const STORE_BUSY_MESSAGE = 'The store is busy right now. Please try again in a moment.';

export interface HashSlotsOptions {
  concurrency: number;
  queueLimit: number;
}

/** What a hash is assumed to cost before any has been measured (Argon2id at OWASP's parameters: about 30 ms). */
const FIRST_ESTIMATE_MS = 50;
/** Weight of the newest measurement in the running estimate of a hash's duration. */
const SMOOTHING = 0.2;

export class HashSlots {
  readonly #concurrency: number;
  readonly #queueLimit: number;
  #running = 0;
  readonly #waiting: Array<() => void> = [];
  #averageMs = FIRST_ESTIMATE_MS;

  constructor({ concurrency, queueLimit }: HashSlotsOptions) {
    this.#concurrency = concurrency;
    this.#queueLimit = queueLimit;
  }

  /** Runs `work` in a slot, after those ahead of it; throws BusyError (503) at once when the queue is full. */
  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.#running < this.#concurrency) {
      this.#running += 1;
    } else {
      if (this.#waiting.length >= this.#queueLimit) throw new BusyError(STORE_BUSY_MESSAGE, this.retryAfterSeconds());
      // The slot is handed over by the finishing task, so #running stays counted for the one taking it.
      await new Promise<void>((resolve) => this.#waiting.push(resolve));
    }
    const started = performance.now();
    try {
      return await work();
    } finally {
      this.#averageMs += SMOOTHING * (performance.now() - started - this.#averageMs);
      const next = this.#waiting.shift();
      if (next) next();
      else this.#running -= 1;
    }
  }

  /** How long until the work in hand (running and queued) is done, in whole seconds, at least 1. */
  retryAfterSeconds(): number {
    const pendingMs = ((this.#running + this.#waiting.length) * this.#averageMs) / this.#concurrency;
    return Math.max(1, Math.ceil(pendingMs / 1000));
  }
}
