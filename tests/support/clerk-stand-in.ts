import { generateKeyPairSync } from 'node:crypto';
import { importPKCS8, SignJWT } from 'jose';

// A faithful local stand-in for a Clerk instance: an RS256 key pair and session tokens shaped like Clerk's.
// The API verifies them with the real @clerk/backend, networkless, through CLERK_JWT_KEY.
export const CLERK_ISSUER = 'https://clerk.store.test';

export function createClerkStandIn(issuer = CLERK_ISSUER) {
  const { publicKey, privateKey } = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
  return {
    publicKeyPem: publicKey,
    async sessionToken(subject: string, claims: { iss?: string; expiresInSeconds?: number } = {}): Promise<string> {
      const now = Math.floor(Date.now() / 1000);
      return new SignJWT({ sid: `sess_${subject}`, azp: 'http://localhost:5173' })
        .setProtectedHeader({ alg: 'RS256', kid: 'ins_stand_in', typ: 'JWT' })
        .setIssuer(claims.iss ?? issuer)
        .setSubject(subject)
        .setIssuedAt(now - 5)
        .setNotBefore(now - 5)
        .setExpirationTime(now + (claims.expiresInSeconds ?? 60))
        .sign(await importPKCS8(privateKey, 'RS256'));
    },
  };
}
