import { decodeJwt } from 'jose';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { unauthorized } from '../http/errors.js';
import { findUserById, upsertClerkUser, type User } from '../user/repository.js';
import { verifyClerkToken, type ClerkOptions } from './clerk.js';
import { createGuard, type Guard } from './guard.js';
import { STORE_TOKEN_ISSUER, type StoreTokens } from './tokens.js';

/** The shopper's routes (cart, orders, profile): a store token, or a Clerk session token when Clerk is set up. */
export type ShopperGuard = Guard<User>;

function issuerOf(token: string): string | undefined {
  try {
    return decodeJwt(token).iss;
  } catch {
    return undefined;
  }
}

export function createShopperGuard(
  db: Kysely<Database>,
  tokens: StoreTokens,
  clerk: ClerkOptions | undefined,
): ShopperGuard {
  return createGuard(async (token) => {
    if (!token) throw unauthorized('Not authorized. Please sign in.');
    // The unverified issuer only picks which verifier runs; each verifier checks the signature itself.
    const issuer = issuerOf(token);
    if (issuer === STORE_TOKEN_ISSUER) {
      const userId = await tokens.verify(token);
      const user = userId === undefined ? undefined : await findUserById(db, userId);
      if (user) return user;
    } else if (clerk && issuer === clerk.issuer) {
      const identity = await verifyClerkToken(token, clerk);
      if (identity) return upsertClerkUser(db, identity);
    }
    throw unauthorized();
  });
}
