import { generateKeyPairSync } from 'node:crypto';
import { importPKCS8, SignJWT } from 'jose';

// A faithful local stand-in for a Clerk instance: an RS256 key pair and session tokens shaped like Clerk's.
// The API verifies them with the real @clerk/backend, networkless, through CLERK_JWT_KEY.
export const CLERK_ISSUER = 'https://clerk.store.test';

export interface SessionTokenClaims {
  iss?: string;
  expiresInSeconds?: number;
  /** The session the token belongs to (Clerk's `sid`). */
  sid?: string;
  /** The origin the token was minted for (Clerk's `azp`: the Origin of the token request). */
  azp?: string;
}

export type ClerkStandIn = ReturnType<typeof createClerkStandIn>;

export function createClerkStandIn(issuer = CLERK_ISSUER) {
  const { publicKey, privateKey } = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
  const signingKey = importPKCS8(privateKey, 'RS256');
  return {
    issuer,
    publicKeyPem: publicKey,
    /** A version 2 session token as Clerk's Frontend API mints it (60 s by default, as Clerk's are). */
    async sessionToken(subject: string, claims: SessionTokenClaims = {}): Promise<string> {
      const now = Math.floor(Date.now() / 1000);
      return new SignJWT({
        sid: claims.sid ?? `sess_${subject}`,
        azp: claims.azp ?? 'http://localhost:5173',
        sts: 'active',
        fva: [0, -1],
        v: 2,
      })
        .setProtectedHeader({ alg: 'RS256', kid: 'ins_stand_in', typ: 'JWT' })
        .setIssuer(claims.iss ?? issuer)
        .setSubject(subject)
        .setIssuedAt(now - 5)
        .setNotBefore(now - 5)
        .setExpirationTime(now + (claims.expiresInSeconds ?? 60))
        .sign(await signingKey);
    },
  };
}
