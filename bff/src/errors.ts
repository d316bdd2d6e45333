import { GraphQLError } from 'graphql';
import type { StockShortfall } from '#domain/stock';
import type { ErrorCode } from './generated/resolvers-types.js';

/** The `extensions.code` values the web client switches on. */
export type StoreErrorCode = ErrorCode;

/** Each an `extensions` field of the same name. */
export interface StoreErrorDetails {
  /** With STORE_BUSY and TOO_MANY_REQUESTS, when the API sent `Retry-After`. */
  retryAfterSeconds?: number;
  /** With OUT_OF_STOCK: every line of the order the store cannot fill. */
  shortfalls?: readonly StockShortfall[];
  /** With PRICE_CHANGED: the order's total now (amount plus delivery fee). */
  total?: number;
}

/** Its message is meant for the client's toast. */
export class StoreError extends GraphQLError {
  constructor(
    code: StoreErrorCode,
    message: string,
    upstreamStatus?: number,
    { retryAfterSeconds, shortfalls, total }: StoreErrorDetails = {},
  ) {
    super(message, {
      extensions: {
        code,
        ...(upstreamStatus === undefined ? {} : { upstreamStatus }),
        ...(retryAfterSeconds === undefined ? {} : { retryAfterSeconds }),
        ...(shortfalls === undefined ? {} : { shortfalls }),
        ...(total === undefined ? {} : { total }),
      },
    });
    this.name = 'StoreError';
  }
}

export const badUserInput = (message: string) => new StoreError('BAD_USER_INPUT', message);
export const signInRequired = () => new StoreError('UNAUTHENTICATED', 'Please sign in to continue.');
