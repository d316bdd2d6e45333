// Deliberately expensive work (the API's password hashes, the BFF's image encodes) runs in a few slots: at most
// `concurrency` at once, at most `queueLimit` waiting, anything beyond refused at once with an estimate of when to
// come back, never left waiting in an unbounded line past the caller's deadline.

export class SlotsFull extends Error {
  constructor(readonly retryAfterSeconds: number) {
    super('Busy; try again shortly');
    this.name = 'SlotsFull';
  }
}

export interface WorkSlotsOptions {
  concurrency: number;
  queueLimit: number;
  /** What a piece of work is assumed to cost before any has been measured. */
  firstEstimateMs: number;
}

/** Weight of the newest measurement in the running estimate. */
const SMOOTHING = 0.2;

export class WorkSlots {
  readonly #concurrency: number;
  readonly #queueLimit: number;
  #running = 0;
  readonly #waiting: Array<() => void> = [];
  #averageMs: number;

  constructor({ concurrency, queueLimit, firstEstimateMs }: WorkSlotsOptions) {
    this.#concurrency = concurrency;
    this.#queueLimit = queueLimit;
    this.#averageMs = firstEstimateMs;
  }

  get load(): { running: number; waiting: number } {
    return { running: this.#running, waiting: this.#waiting.length };
  }

  /** Runs `work` in a slot, after those ahead of it; throws SlotsFull at once when the queue is full. */
  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.#running < this.#concurrency) {
      this.#running += 1;
    } else {
      if (this.#waiting.length >= this.#queueLimit) throw new SlotsFull(this.retryAfterSeconds());
      // The slot is handed over by the finishing work, so #running stays counted for the one taking it.
      await new Promise<void>((resolve) => this.#waiting.push(resolve));
    }
    return this.#runInSlot(work);
  }

  /** Runs `work` only if a slot is free now and nobody waits (background work never queues); undefined otherwise. */
  runIfIdle<T>(work: () => Promise<T>): Promise<T> | undefined {
    if (this.#running >= this.#concurrency || this.#waiting.length > 0) return undefined;
    this.#running += 1;
    return this.#runInSlot(work);
  }

  async #runInSlot<T>(work: () => Promise<T>): Promise<T> {
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

  /** How long until the work in hand (running and waiting) is done, in whole seconds, at least 1. */
  retryAfterSeconds(): number {
    const pendingMs = ((this.#running + this.#waiting.length) * this.#averageMs) / this.#concurrency;
    return Math.max(1, Math.ceil(pendingMs / 1000));
  }
}
