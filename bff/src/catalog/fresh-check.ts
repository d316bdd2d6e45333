// A check whose answer is only good for callers that asked before it began (is the catalogue still the version we
// hold?). One runs at a time: callers arriving while one is under way share the next one, so a burst of requests
// costs at most two checks however many wait, and a caller never gets an answer older than its own request.

export class FreshCheck<V> {
  #running: Promise<V> | undefined;
  #next: Promise<V> | undefined;

  constructor(private readonly check: () => Promise<V>) {}

  run(): Promise<V> {
    if (this.#running === undefined) return this.#start();
    this.#next ??= this.#running
      .then(
        () => undefined,
        () => undefined,
      )
      .then(() => {
        this.#next = undefined;
        // One started meanwhile began after every caller of this one: it answers them too.
        return this.#running ?? this.#start();
      });
    return this.#next;
  }

  #start(): Promise<V> {
    const started = this.check().finally(() => {
      if (this.#running === started) this.#running = undefined;
    });
    this.#running = started;
    return started;
  }
}
