import type { ErrorCode } from './generated/schema-enums';

// How a store's "no" reads, for the app's calls (store-call.ts) and the service worker's (send-from-worker.ts).

/** The store answered and said no: the same call sent again would get the same answer, so it is not retried. */
const REFUSALS: ReadonlySet<string> = new Set<ErrorCode>([
  'BAD_USER_INPUT',
  'NOT_FOUND',
  'OUT_OF_STOCK',
  'NOT_SUPPORTED',
  'PRICE_CHANGED',
]);

export function isRefusal(code: string | undefined): boolean {
  return code !== undefined && REFUSALS.has(code);
}

/** The order's total now, from a PRICE_CHANGED refusal's `extensions.total`, when it is one. */
export function changedTotal(code: string | undefined, total: unknown): number | undefined {
  return code === 'PRICE_CHANGED' && typeof total === 'number' && Number.isFinite(total) && total >= 0
    ? total
    : undefined;
}
