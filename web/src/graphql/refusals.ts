import type { ErrorCode } from './generated/schema-enums';

/** The store answered and said no: the same call sent again would get the same answer, so it is not retried. */
export const REFUSALS: ReadonlySet<ErrorCode> = new Set([
  'BAD_USER_INPUT',
  'NOT_FOUND',
  'OUT_OF_STOCK',
  'NOT_SUPPORTED',
  'PRICE_CHANGED',
]);
