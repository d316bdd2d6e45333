/**
 * What a store call rejects with on STORE_BUSY (thrown by web/src/graphql/store-call.ts). The auth machine waits as
 * asked (auth/busy-retry.ts); to the other machines it is a failed call like any other.
 */
export class StoreBusyError extends Error {
  constructor(
    message: string,
    /** The store's Retry-After, when it sent one. */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'StoreBusyError';
  }
}

export const isStoreBusy = (error: unknown): error is StoreBusyError => error instanceof StoreBusyError;

/**
 * What a store call rejects with when no answer came at all (offline, the store down): nothing says whether the
 * call arrived, so a call that is safe to repeat (an order with its idempotency key) may be kept and sent again.
 */
export class StoreUnreachableError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'StoreUnreachableError';
  }
}

export const isStoreUnreachable = (error: unknown): error is StoreUnreachableError =>
  error instanceof StoreUnreachableError;
