import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ADMIN_PATHS } from '#domain/back-office';
import { noStore } from '../auth/guard.js';
import { ApiError } from '../http/errors.js';
import { parseBody } from '../http/validate.js';
import { INVALID_ADMIN_CREDENTIALS, type AdminAuth } from './auth.js';

const loginBody = z
  .object({
    email: z.string({ error: 'Email is required' }).trim().min(1, 'Email is required').max(254),
    password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(128),
  })
  .strict();

export interface AdminRouteDeps {
  admin: AdminAuth;
  /** The shoppers' login limit (AUTH_RATE_LIMIT_*), counted apart for this route. */
  authRateLimit: { max: number; timeWindow: number };
}

/** `POST /api/user/admin` `{ email, password }` → `{ success, token, message }`: the lineage's admin login. */
export function adminRoutes(app: FastifyInstance, { admin, authRateLimit }: AdminRouteDeps): void {
  app.post(
    ADMIN_PATHS.login,
    { onRequest: noStore, config: { rateLimit: authRateLimit } },
    async (request) => {
      const body = parseBody(loginBody, request.body);
      const token = await admin.login(body.email, body.password);
      if (token === undefined) throw new ApiError(401, INVALID_ADMIN_CREDENTIALS);
      return { success: true, token, message: 'Signed in to the back office' };
    },
  );
}
