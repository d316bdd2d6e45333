import { GraphQLError } from 'graphql';

/** The `extensions.code` values the web client switches on. */
export type StoreErrorCode =
  | 'UNAUTHENTICATED'
  | 'BAD_USER_INPUT'
  | 'NOT_FOUND'
  | 'TOO_MANY_REQUESTS'
  | 'UPSTREAM_UNAVAILABLE'
  | 'UPSTREAM_ERROR';

/** A failure the shopper can be told about: its message is meant for the client's toast. */
export class StoreError extends GraphQLError {
  constructor(code: StoreErrorCode, message: string, upstreamStatus?: number) {
    super(message, { extensions: upstreamStatus === undefined ? { code } : { code, upstreamStatus } });
    this.name = 'StoreError';
  }
}

export const badUserInput = (message: string) => new StoreError('BAD_USER_INPUT', message);
export const signInRequired = () => new StoreError('UNAUTHENTICATED', 'Please sign in to continue.');
