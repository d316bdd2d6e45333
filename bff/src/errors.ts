import { GraphQLError } from 'graphql';
import type { ErrorCode } from './generated/resolvers-types.js';

/** The `extensions.code` values the web client switches on: the schema's ErrorCode enum. */
export type StoreErrorCode = ErrorCode;

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
