import { GraphQLError } from 'graphql';
import type { StockShortfall } from '#domain/stock';
import type { ErrorCode } from './generated/resolvers-types.js';

/** The `extensions.code` values the web client switches on: the schema's ErrorCode enum. */
export type StoreErrorCode = ErrorCode;

/** What an error may carry for the client besides its code, each as an `extensions` field of the same name. */
export interface StoreErrorDetails {
  /** The API's `Retry-After`, when it sent one (with STORE_BUSY and TOO_MANY_REQUESTS). */
  retryAfterSeconds?: number;
  /** With OUT_OF_STOCK: every line of the order the store cannot fill. */
  shortfalls?: readonly StockShortfall[];
}

/** A failure the shopper can be told about: its message is meant for the client's toast. */
export class StoreError extends GraphQLError {
  constructor(
    code: StoreErrorCode,
    message: string,
    upstreamStatus?: number,
    { retryAfterSeconds, shortfalls }: StoreErrorDetails = {},
  ) {
    super(message, {
      extensions: {
        code,
        ...(upstreamStatus === undefined ? {} : { upstreamStatus }),
        ...(retryAfterSeconds === undefined ? {} : { retryAfterSeconds }),
        ...(shortfalls === undefined ? {} : { shortfalls }),
      },
    });
    this.name = 'StoreError';
  }
}

export const badUserInput = (message: string) => new StoreError('BAD_USER_INPUT', message);
export const signInRequired = () => new StoreError('UNAUTHENTICATED', 'Please sign in to continue.');
