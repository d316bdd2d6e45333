import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { ADMIN_PATHS, CANCELLED_STATUS } from '#domain/back-office';
import { productIdSchema, sizeSchema } from '#domain/cart-line';
import {
  RETURN_ACTIONS,
  RETURN_KINDS,
  RETURN_REASONS,
  RETURN_STATUSES,
  type ReturnAction,
} from '#domain/order-life';
import { MAX_LINE_QUANTITY } from '#domain/store-rules';
import type { AdminAuth } from '../admin/auth.js';
import type { ShopperGuard } from '../auth/authenticate.js';
import type { Database } from '../db/schema.js';
import { badRequest } from '../http/errors.js';
import { parseBody } from '../http/validate.js';
import { readIdempotencyKey } from './order.js';
import { listShopReturns } from './returns-repository.js';
import { changeReturnStatus, requestReturn } from './returns.js';
import { readShopperOrder } from './shopper-orders.js';
import { changeOrderStatus } from './status.js';

// An order's life after it is placed (domain/order-life.ts): the shopper cancels or asks for a return or exchange;
// the back office lists the requests and acts on them. Extras beyond spec section 7.

/** The shopper's calls; the back office's are in ADMIN_PATHS, which the store's URL refuses unless told to. */
export const AFTER_ORDER_PATHS = {
  cancel: '/api/order/cancel',
  requestReturn: '/api/order/return',
} as const;

export const RETURNS_DEFAULT_LIMIT = 100;
export const RETURNS_MAX_LIMIT = 1000;

const id = (field: string) =>
  z
    .string({ error: `${field} is required` })
    .trim()
    .min(1, `${field} is required`)
    .max(100, `${field} is too long`);
const oneOf = (values: readonly string[]) => values.join(', ');

const cancelBody = z.object({ orderId: id('orderId') }).strict();

const returnBody = z
  .object({
    orderId: id('orderId'),
    productId: productIdSchema('productId'),
    size: sizeSchema('size'),
    quantity: z
      .number({ error: `quantity must be a whole number from 1 to ${MAX_LINE_QUANTITY}` })
      .int(`quantity must be a whole number from 1 to ${MAX_LINE_QUANTITY}`)
      .min(1, `quantity must be a whole number from 1 to ${MAX_LINE_QUANTITY}`)
      .max(MAX_LINE_QUANTITY, `quantity must be a whole number from 1 to ${MAX_LINE_QUANTITY}`)
      .optional(),
    kind: z.enum(RETURN_KINDS, { error: `kind must be one of ${oneOf(RETURN_KINDS)}` }),
    reason: z.enum(RETURN_REASONS, { error: `reason must be one of ${oneOf(RETURN_REASONS)}` }),
    exchangeSize: z.optional(sizeSchema('exchangeSize')),
  })
  .strict();

const listBody = z
  .object({
    status: z.enum(RETURN_STATUSES, { error: `status must be one of ${oneOf(RETURN_STATUSES)}` }).optional(),
    limit: z
      .number({ error: `limit must be a whole number from 1 to ${RETURNS_MAX_LIMIT}` })
      .int(`limit must be a whole number from 1 to ${RETURNS_MAX_LIMIT}`)
      .min(1, `limit must be a whole number from 1 to ${RETURNS_MAX_LIMIT}`)
      .max(RETURNS_MAX_LIMIT, `limit must be a whole number from 1 to ${RETURNS_MAX_LIMIT}`)
      .default(RETURNS_DEFAULT_LIMIT),
    cursor: z
      .string({ error: 'cursor must be the nextCursor of an earlier page' })
      .max(100)
      .nullable()
      .optional(),
  })
  .strict();

const RETURN_ACTION_NAMES = Object.keys(RETURN_ACTIONS) as [ReturnAction, ...ReturnAction[]];
const statusBody = z
  .object({
    returnId: id('returnId'),
    action: z.enum(RETURN_ACTION_NAMES, { error: `action must be one of ${oneOf(RETURN_ACTION_NAMES)}` }),
  })
  .strict();

// A page ends at a request's sequence number; the cursor carries it opaquely.
const encodeCursor = (seq: number) => Buffer.from(`returns:${seq}`).toString('base64url');
function decodeCursor(cursor: string): number {
  const match = /^returns:(\d{1,15})$/.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
  if (!match) throw badRequest('cursor is not one this API gave out');
  return Number(match[1]);
}

export interface AfterOrderRouteDeps {
  db: Kysely<Database>;
  shoppers: ShopperGuard;
  admin: AdminAuth;
}

export function afterOrderRoutes(app: FastifyInstance, { db, shoppers, admin }: AfterOrderRouteDeps): void {
  // `{ orderId }` → `{ success, message, order }`: the shopper's own order, while ORDER_TRANSITIONS lets them.
  app.post(AFTER_ORDER_PATHS.cancel, shoppers.hooks, async (request) => {
    const user = shoppers.of(request);
    const { orderId } = parseBody(cancelBody, request.body);
    const outcome = await changeOrderStatus(db, {
      orderId,
      status: CANCELLED_STATUS,
      by: 'shopper',
      actor: 'shopper',
      userId: user.id,
    });
    return {
      success: true,
      message: outcome.changed ? 'Order cancelled' : 'Order already cancelled',
      order: await readShopperOrder(db, user.id, orderId),
    };
  });

  // `{ orderId, productId, size, quantity?, kind, reason, exchangeSize? }` → 201 `{ success, message, order }`.
  app.post(AFTER_ORDER_PATHS.requestReturn, shoppers.hooks, async (request, reply) => {
    const user = shoppers.of(request);
    const body = parseBody(returnBody, request.body);
    const idempotencyKey = readIdempotencyKey(request.headers['idempotency-key']);
    const { order, replayed } = await requestReturn(db, {
      ...body,
      quantity: body.quantity,
      exchangeSize: body.exchangeSize,
      userId: user.id,
      idempotencyKey,
    });
    const message = body.kind === 'exchange' ? 'Exchange requested' : 'Return requested';
    return reply.code(replayed ? 200 : 201).send({ success: true, message, order });
  });

  // `{ status?, limit?, cursor? }` → `{ success, returns, nextCursor }`: every shopper's requests, newest first.
  app.post(ADMIN_PATHS.listReturns, admin.guard.hooks, async (request) => {
    const body = parseBody(listBody, request.body);
    const before = body.cursor ? decodeCursor(body.cursor) : undefined;
    const page = await listShopReturns(db, { limit: body.limit, before, status: body.status });
    return {
      success: true,
      returns: page.returns,
      nextCursor: page.nextBefore === undefined ? null : encodeCursor(page.nextBefore),
    };
  });

  // `{ returnId, action }` → `{ success, message, return }`.
  app.post(ADMIN_PATHS.returnStatus, admin.guard.hooks, async (request) => {
    const { email } = admin.guard.of(request);
    const body = parseBody(statusBody, request.body);
    const moved = await changeReturnStatus(db, { returnId: body.returnId, action: body.action, by: email });
    return { success: true, message: moved.message, return: moved.return };
  });
}
