import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ADMIN_PATHS } from '#domain/back-office';
import { LOW_STOCK_THRESHOLD, stockCountSchema } from '#domain/stock';
import type { AdminAuth } from '../admin/auth.js';
import type { StoreDatabase } from '../db/database.js';
import { badRequest } from '../http/errors.js';
import { runningOut, setStock } from './service.js';

// The back office's stock calls, beside the admin contract's product calls and guarded as they are (the admin
// token, `token` header or bearer; a shopper's token is refused).

const text = (name: string, max: number) =>
  z
    .string({ error: `${name} is required` })
    .trim()
    .min(1, `${name} is required`)
    .max(max, `${name} is too long`);

const setBody = z
  .object({
    productId: text('productId', 64),
    size: text('size', 64),
    count: z.nullable(stockCountSchema('count')).optional(),
  })
  .strict();

const lowBody = z.object({ threshold: z.optional(stockCountSchema('threshold')) }).strict();

/** The first issue as one sentence: the schemas' messages already name their field. */
function parse<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  const result = schema.safeParse(body ?? {});
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  if (issue.code === 'unrecognized_keys') throw badRequest(`Unknown field: ${issue.keys.join(', ')}`);
  if (issue.path.length === 0) throw badRequest('Send a JSON object');
  throw badRequest(issue.message);
}

export interface StockRouteDeps {
  database: StoreDatabase;
  admin: AdminAuth;
}

export function adminStockRoutes(app: FastifyInstance, { database, admin }: StockRouteDeps): void {
  app.post(ADMIN_PATHS.setStock, admin.guard.hooks, async (request) => {
    const { count, ...target } = parse(setBody, request.body);
    // Absent is not null: stopping the count must be asked for.
    if (count === undefined)
      throw badRequest(
        'count is required: the pairs on hand (a whole number), or null to stop counting the size',
      );
    const change = { ...target, count };
    const { productId, name, stock } = await setStock(database, change);
    const what = `${name}, ${change.size}`;
    const message =
      count === null
        ? `${what} is no longer counted (it always sells)`
        : `${what}: ${count} ${count === 1 ? 'pair' : 'pairs'} in stock`;
    return { success: true, message, productId, stock };
  });

  app.post(ADMIN_PATHS.lowStock, admin.guard.hooks, async (request) => {
    const { threshold } = parse(lowBody, request.body);
    const { items, more } = await runningOut(database, threshold);
    return { success: true, threshold: threshold ?? LOW_STOCK_THRESHOLD, items, more };
  });
}
