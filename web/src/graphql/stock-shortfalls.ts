import * as z from 'zod/mini';
import { onFirstUse } from '#domain/on-first-use';
import type { StockShortfall } from '#domain/stock';
import { firstErrorExtensions } from './graphql-error';

// The lines an OUT_OF_STOCK refusal names (`extensions.shortfalls`, schema.graphql's ErrorCode): checkout
// shows each with what is left and a way to fix it. Anything malformed: just the message.

// Built on first use: the first visit's code evaluates in one task, and only a checkout refusal needs it.
const shortfallsSchema = onFirstUse(() => {
  const count = z.number().check(z.int(), z.minimum(0));
  return z.array(
    z.object({ productId: z.string(), name: z.string(), size: z.string(), requested: count, left: count }),
  );
});

/** The shortfalls of an OUT_OF_STOCK error; undefined when it carries none that can be read. */
export function readStockShortfalls(error: unknown): StockShortfall[] | undefined {
  const parsed = shortfallsSchema().safeParse(firstErrorExtensions(error)?.shortfalls);
  return parsed.success && parsed.data.length > 0 ? parsed.data : undefined;
}
