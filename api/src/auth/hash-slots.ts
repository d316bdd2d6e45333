import { SlotsFull, WorkSlots } from '../../../lib/work-slots.js';
import { BusyError } from '../http/errors.js';

// Password hashing is the API's one deliberately expensive step (tens of milliseconds of CPU and 19 MiB each), so it
// runs in bounded slots (lib/work-slots.ts); a hash refused for lack of room is the API's 503 with Retry-After.

export const STORE_BUSY_MESSAGE = 'The store is busy right now. Please try again in a moment.';

export interface HashSlotsOptions {
  concurrency: number;
  queueLimit: number;
}

/** What a hash is assumed to cost before any has been measured (Argon2id at OWASP's parameters: about 30 ms). */
const FIRST_ESTIMATE_MS = 50;

export class HashSlots {
  readonly #slots: WorkSlots;

  constructor({ concurrency, queueLimit }: HashSlotsOptions) {
    this.#slots = new WorkSlots({ concurrency, queueLimit, firstEstimateMs: FIRST_ESTIMATE_MS });
  }

  /** Runs `work` in a slot, after those ahead of it; throws BusyError (503) at once when the queue is full. */
  async run<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await this.#slots.run(work);
    } catch (error) {
      if (error instanceof SlotsFull) throw new BusyError(STORE_BUSY_MESSAGE, error.retryAfterSeconds);
      throw error;
    }
  }

  /** How long until the work in hand (running and queued) is done, in whole seconds, at least 1. */
  retryAfterSeconds(): number {
    return this.#slots.retryAfterSeconds();
  }
}
