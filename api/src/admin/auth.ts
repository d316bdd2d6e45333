import { createHmac, timingSafeEqual } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';
import { createGuard, type Guard } from '../auth/guard.js';
import { verifyPassword } from '../auth/password.js';
import { STORE_TOKEN_ISSUER } from '../auth/tokens.js';
import { ApiError, unauthorized } from '../http/errors.js';

// The shop's one administrator and its short-lived tokens: HS256 JWTs signed with a key derived for this purpose alone,
// for another audience, and bound to the configured email and password, so a shopper's token never verifies here, an
// admin token never verifies as a shopper's, and changing the admin's email or password ends every admin session.

const ADMIN_AUDIENCE = 'footwear-store-admin';

export const ADMIN_REFUSED = 'Not authorized. Please sign in to the back office again.';
export const BACK_OFFICE_OFF = 'The back office is not enabled on this store';
export const INVALID_ADMIN_CREDENTIALS = 'Invalid email or password';

export interface AdminSettings {
  /** ADMIN_EMAIL (lower case); undefined: there is no administrator. */
  email: string | undefined;
  password: string | undefined;
  passwordHash: string | undefined;
  /** ADMIN_TOKEN_TTL, in seconds. */
  tokenTtlSeconds: number;
}

export interface AdminIdentity {
  email: string;
}

export interface AdminAuth {
  /** A token for the administrator, or undefined when the email or password is wrong. Throws 403 with no admin. */
  login(email: string, password: string): Promise<string | undefined>;
  /** The back office's routes: the administrator's token (`token` header or bearer), else 401 (403 with no admin). */
  guard: Guard<AdminIdentity>;
}

const hmac = (key: Uint8Array | string, data: string) => createHmac('sha256', key).update(data).digest();

export function createAdminAuth(storeSecret: Uint8Array, settings: AdminSettings): AdminAuth {
  const key = hmac(storeSecret, 'footwear-store back-office tokens v1');
  const admin = settings.email;
  // Which administrator a token was given to: changes when the email or the password (or its hash) does.
  const binding = hmac(key, `${admin ?? ''}\n${settings.passwordHash ?? settings.password ?? ''}`)
    .subarray(0, 16)
    .toString('base64url');

  async function passwordMatches(password: string): Promise<boolean> {
    if (settings.passwordHash !== undefined) return verifyPassword(password, settings.passwordHash);
    // A password given in the environment is compared in constant time (HMACs of equal length).
    return timingSafeEqual(
      hmac(key, password.normalize('NFKC')),
      hmac(key, (settings.password ?? '').normalize('NFKC')),
    );
  }

  return {
    async login(email, password) {
      if (admin === undefined) throw new ApiError(403, BACK_OFFICE_OFF);
      // The password is checked whatever the email, so a wrong email takes as long as a wrong password.
      const matches = await passwordMatches(password);
      if (!matches || email.trim().toLowerCase() !== admin) return undefined;
      // One reading of the clock for both claims: read twice, a second can turn between them, and the token
      // would live a second longer than ADMIN_TOKEN_TTL.
      const issuedAt = Math.floor(Date.now() / 1000);
      return new SignJWT({ adm: binding })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(admin)
        .setIssuer(STORE_TOKEN_ISSUER)
        .setAudience(ADMIN_AUDIENCE)
        .setIssuedAt(issuedAt)
        .setExpirationTime(issuedAt + settings.tokenTtlSeconds)
        .sign(key);
    },

    // The lineage's admin app sends `token: <jwt>`; `Authorization: Bearer <jwt>` is accepted too.
    guard: createGuard(async (token) => {
      if (admin === undefined) throw new ApiError(403, BACK_OFFICE_OFF);
      if (token === undefined) throw unauthorized(ADMIN_REFUSED);
      try {
        const { payload } = await jwtVerify(token, key, {
          algorithms: ['HS256'],
          issuer: STORE_TOKEN_ISSUER,
          audience: ADMIN_AUDIENCE,
          requiredClaims: ['exp', 'iat', 'sub'],
        });
        // A token issued under a longer ADMIN_TOKEN_TTL ends when the current one says.
        const age = Date.now() / 1000 - (payload.iat ?? 0);
        if (payload.sub === admin && payload.adm === binding && age <= settings.tokenTtlSeconds)
          return { email: admin };
      } catch {
        // Malformed, forged, expired, or another kind of token: refused below.
      }
      throw unauthorized(ADMIN_REFUSED);
    }),
  };
}
