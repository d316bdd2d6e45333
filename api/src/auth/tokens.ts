import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { jwtVerify, SignJWT } from 'jose';

export const STORE_TOKEN_ISSUER = 'footwear-store';
const AUDIENCE = 'footwear-store';

export interface StoreTokens {
  sign(userId: string): Promise<string>;
  verify(token: string): Promise<string | undefined>;
}

export function createStoreTokens(secret: Uint8Array, ttl: string): StoreTokens {
  return {
    sign: (userId) =>
      new SignJWT({})
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(userId)
        .setIssuer(STORE_TOKEN_ISSUER)
        .setAudience(AUDIENCE)
        .setIssuedAt()
        .setExpirationTime(ttl)
        .sign(secret),
    async verify(token) {
      try {
        const { payload } = await jwtVerify(token, secret, {
          algorithms: ['HS256'],
          issuer: STORE_TOKEN_ISSUER,
          audience: AUDIENCE,
        });
        return typeof payload.sub === 'string' && payload.sub.length > 0 ? payload.sub : undefined;
      } catch {
        return undefined;
      }
    },
  };
}

/** The signing secret: JWT_SECRET when set, else one generated once into the (git-ignored) data folder. */
export function loadTokenSecret(configured: string | undefined, dataDir: string): Uint8Array {
  if (configured) return new TextEncoder().encode(configured);
  const file = path.join(dataDir, 'jwt-secret');
  try {
    return new TextEncoder().encode(readFileSync(file, 'utf8').trim());
  } catch {
    mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    const secret = randomBytes(48).toString('base64url');
    try {
      writeFileSync(file, secret, { flag: 'wx', mode: 0o600 });
    } catch {
      // Another process wrote it first: use theirs so tokens stay valid across both.
      return new TextEncoder().encode(readFileSync(file, 'utf8').trim());
    }
    chmodSync(file, 0o600);
    return new TextEncoder().encode(secret);
  }
}
