/**
 * What a call to the store rejects with when the store answered STORE_BUSY (web/src/graphql/store-call.ts throws it
 * for every call). The auth machine waits as the store asks (auth/busy-retry.ts); to the other machines it is a failed
 * call like any other.
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
