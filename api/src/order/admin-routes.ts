import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { ADMIN_PATHS, isOrderStatus } from '#domain/back-office';
import type { AdminAuth } from '../admin/auth.js';
import type { Database } from '../db/schema.js';
import { badRequest } from '../http/errors.js';
import { parseBody } from '../http/validate.js';
import { listShopOrders } from './admin-repository.js';
import { ORDER_HISTORY_LIMIT } from './repository.js';
import { changeOrderStatus, unknownStatusMessage } from './status.js';

/** Orders per page when the body names no limit: every recent order, as the lineage's admin app expects. */
export const SHOP_ORDERS_DEFAULT_LIMIT = ORDER_HISTORY_LIMIT;
export const SHOP_ORDERS_MAX_LIMIT = 1000;

const listBody = z
  .object({
    limit: z
      .number({ error: `limit must be a whole number from 1 to ${SHOP_ORDERS_MAX_LIMIT}` })
      .int(`limit must be a whole number from 1 to ${SHOP_ORDERS_MAX_LIMIT}`)
      .min(1, `limit must be a whole number from 1 to ${SHOP_ORDERS_MAX_LIMIT}`)
      .max(SHOP_ORDERS_MAX_LIMIT, `limit must be a whole number from 1 to ${SHOP_ORDERS_MAX_LIMIT}`)
      .default(SHOP_ORDERS_DEFAULT_LIMIT),
    cursor: z
      .string({ error: 'cursor must be the nextCursor of an earlier page' })
      .max(100)
      .nullable()
      .optional(),
    status: z.string({ error: 'status must be text' }).max(100).optional(),
  })
  .strict();

const statusBody = z
  .object({
    orderId: z.string({ error: 'orderId is required' }).trim().min(1, 'orderId is required').max(100),
    status: z.string({ error: 'status is required' }).trim().min(1, 'status is required').max(100),
  })
  .strict();

// A page ends at an order's sequence number; the cursor carries it opaquely.
const encodeCursor = (seq: number) => Buffer.from(`orders:${seq}`).toString('base64url');
function decodeCursor(cursor: string): number {
  const match = /^orders:(\d{1,15})$/.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
  if (!match) throw badRequest('cursor is not one this API gave out');
  return Number(match[1]);
}

export interface AdminOrderRouteDeps {
  db: Kysely<Database>;
  admin: AdminAuth;
}

export function adminOrderRoutes(app: FastifyInstance, { db, admin }: AdminOrderRouteDeps): void {
  // `{}` → `{ success, orders, nextCursor }`: the newest `limit` orders before the cursor, sent oldest first as the
  // lineage's backend does (its admin panels reverse the list).
  app.post(ADMIN_PATHS.listOrders, admin.guard.hooks, async (request) => {
    const body = parseBody(listBody, request.body);
    if (body.status !== undefined && !isOrderStatus(body.status))
      throw badRequest(unknownStatusMessage(body.status));
    const before = body.cursor ? decodeCursor(body.cursor) : undefined;
    const page = await listShopOrders(db, { limit: body.limit, before, status: body.status });
    return {
      success: true,
      orders: [...page.orders].reverse(),
      nextCursor: page.nextBefore === undefined ? null : encodeCursor(page.nextBefore),
    };
  });

  // `{ orderId, status }` → `{ success, message }`: any move ORDER_TRANSITIONS allows the shop, 'Cancelled' included.
  app.post(ADMIN_PATHS.orderStatus, admin.guard.hooks, async (request) => {
    const { email } = admin.guard.of(request);
    const body = parseBody(statusBody, request.body);
    const outcome = await changeOrderStatus(db, {
      orderId: body.orderId,
      status: body.status,
      by: email,
      actor: 'shop',
    });
    return {
      success: true,
      message: outcome.changed ? 'Status updated' : `The order is already ${outcome.to}`,
    };
  });
}
