import type { FastifyRequest } from 'fastify';
import { decodeJwt } from 'jose';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { unauthorized } from '../http/errors.js';
import { findUserById, upsertClerkUser, type User } from '../user/repository.js';
import { verifyClerkToken, type ClerkOptions } from './clerk.js';
import { STORE_TOKEN_ISSUER, type StoreTokens } from './tokens.js';

export type Authenticate = (request: FastifyRequest) => Promise<User>;

// The spec's bearer header; the seed's original client sent the token in a `token` header, which is accepted too.
function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (typeof header === 'string') {
    const match = /^Bearer\s+(\S+)$/i.exec(header.trim());
    return match?.[1];
  }
  const legacy = request.headers.token;
  return typeof legacy === 'string' && legacy !== '' ? legacy : undefined;
}

function issuerOf(token: string): string | undefined {
  try {
    return decodeJwt(token).iss;
  } catch {
    return undefined;
  }
}

export function createAuthenticator(db: Kysely<Database>, tokens: StoreTokens, clerk: ClerkOptions | undefined): Authenticate {
  return async (request) => {
    const token = bearerToken(request);
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
  };
}
