import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { accountNameSchema, newPasswordSchema, passwordSchema } from '#domain/account';
import { emailSchema } from '#domain/email';
import type { ShopperGuard } from '../auth/authenticate.js';
import { noStore } from '../auth/guard.js';
import type { Passwords } from '../auth/passwords.js';
import type { StoreTokens } from '../auth/tokens.js';
import type { Database } from '../db/schema.js';
import { ApiError, conflict } from '../http/errors.js';
import { parseBody } from '../http/validate.js';
import { findUserByEmail, insertPasswordUser, replacePasswordHash } from './repository.js';

const registerBody = z
  .object({ name: accountNameSchema, email: emailSchema, password: newPasswordSchema })
  .strict();
const loginBody = z.object({ email: emailSchema, password: passwordSchema }).strict();

const INVALID_CREDENTIALS = 'Invalid email or password';

export interface UserRouteDeps {
  db: Kysely<Database>;
  tokens: StoreTokens;
  shoppers: ShopperGuard;
  /** Hashing through bounded slots: past them, login and sign-up are answered 503 with Retry-After. */
  passwords: Passwords;
  authRateLimit: { max: number; timeWindow: number };
}

export function userRoutes(
  app: FastifyInstance,
  { db, tokens, shoppers, passwords, authRateLimit }: UserRouteDeps,
): void {
  // One rate-limit bucket per address for sign-in and sign-up together, or an address could try twice the documented
  // number of passwords per window. Their answers hold a token: no cache keeps them.
  const signIn = { onRequest: [noStore, app.rateLimit(authRateLimit)] };

  app.post('/api/user/register', signIn, async (request, reply) => {
    const body = parseBody(registerBody, request.body);
    const user = await insertPasswordUser(db, {
      name: body.name,
      email: body.email,
      passwordHash: await passwords.hash(body.password),
    });
    if (!user) throw conflict('An account with this email already exists');
    return reply
      .code(201)
      .send({ success: true, token: await tokens.sign(user.id), message: 'Account created' });
  });

  app.post('/api/user/login', signIn, async (request) => {
    const body = parseBody(loginBody, request.body);
    const user = await findUserByEmail(db, body.email);
    const { matches, upgradedHash } = await passwords.check(body.password, user?.password_hash);
    if (!user?.password_hash || !matches) throw new ApiError(401, INVALID_CREDENTIALS);
    // An older hash (scrypt, or weaker parameters) is replaced once the password is known to be right.
    if (upgradedHash !== undefined)
      await replacePasswordHash(db, user.id, { from: user.password_hash, to: upgradedHash });
    return { success: true, token: await tokens.sign(user.id), message: 'Signed in' };
  });

  app.get('/api/user/profile', shoppers.hooks, (request) => {
    const user = shoppers.of(request);
    return {
      success: true,
      user: { _id: user.id, name: user.name, email: user.email, createdAt: user.created_at },
    };
  });
}
