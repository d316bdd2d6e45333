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
