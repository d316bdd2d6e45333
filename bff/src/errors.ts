import { GraphQLError } from 'graphql';

/** The `extensions.code` values the web client switches on. */
export type StoreErrorCode =
  | 'UNAUTHENTICATED'
  | 'BAD_USER_INPUT'
  | 'NOT_FOUND'
  | 'TOO_MANY_REQUESTS'
  /** The store is at capacity for this call right now (503 with Retry-After): the same call may be sent again later. */
  | 'STORE_BUSY'
  | 'UPSTREAM_UNAVAILABLE'
  | 'UPSTREAM_ERROR';

/** A failure the shopper can be told about: its message is meant for the client's toast. */
export class StoreError extends GraphQLError {
  /**
   * `retryAfterSeconds`: the API's `Retry-After`, when it sent one (with STORE_BUSY and TOO_MANY_REQUESTS), carried to
   * the client as `extensions.retryAfterSeconds`.
   */
  constructor(code: StoreErrorCode, message: string, upstreamStatus?: number, retryAfterSeconds?: number) {
    super(message, {
      extensions: {
        code,
        ...(upstreamStatus === undefined ? {} : { upstreamStatus }),
        ...(retryAfterSeconds === undefined ? {} : { retryAfterSeconds }),
      },
    });
    this.name = 'StoreError';
  }
}

export const badUserInput = (message: string) => new StoreError('BAD_USER_INPUT', message);
export const signInRequired = () => new StoreError('UNAUTHENTICATED', 'Please sign in to continue.');
