import { compactVerify, SignJWT } from 'jose';

// The lineage backend's tokens: `jwt.sign({ id }, secret)` from the jsonwebtoken package — HS256, typ JWT,
// an `iat` (jsonwebtoken adds one unless told not to) and no expiry. Verification fails with jsonwebtoken's
// error messages, because the original answers `{ success: false, message: error.message }` with them.

/** The error jsonwebtoken throws; only its message reaches the client. */
export class JsonWebTokenError extends Error {
  override name = 'JsonWebTokenError';
}

const HMAC_ALGORITHMS = ['HS256', 'HS384', 'HS512'];
// The shape jws checks before decoding: three base64url parts, the signature possibly empty.
const JWS_SHAPE = /^[a-zA-Z0-9\-_]+?\.[a-zA-Z0-9\-_]+?\.([a-zA-Z0-9\-_]+)?$/;

export function lineageSecret(secret: string): Uint8Array {
  return new TextEncoder().encode(secret);
}

export function signLineageToken(id: string, secret: Uint8Array): Promise<string> {
  return new SignJWT({ id }).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).setIssuedAt().sign(secret);
}

/**
 * `jwt.verify(token, secret)` as jsonwebtoken does it, in its order of checks, answering the decoded payload
 * (an object, or a string when the token does not say it is a JWT and its payload is not JSON).
 */
export async function verifyLineageToken(token: string, secret: Uint8Array): Promise<unknown> {
  const parts = token.split('.');
  if (parts.length !== 3) throw new JsonWebTokenError('jwt malformed');
  const [encodedHeader = '', encodedPayload = '', signature = ''] = parts;
  const header = JWS_SHAPE.test(token) ? parseJsonObject(decodeBase64Url(encodedHeader)) : undefined;
  if (!header) throw new JsonWebTokenError('invalid token');
  const payload = decodePayload(decodeBase64Url(encodedPayload), header.typ === 'JWT');
  if (signature.trim() === '') throw new JsonWebTokenError('jwt signature is required');
  if (typeof header.alg !== 'string' || !HMAC_ALGORITHMS.includes(header.alg))
    throw new JsonWebTokenError('invalid algorithm');
  try {
    await compactVerify(token, secret, { algorithms: [header.alg] });
  } catch {
    throw new JsonWebTokenError('invalid signature');
  }
  if (isRecord(payload)) checkTimes(payload);
  return payload;
}

// A payload the header calls a JWT is parsed with JSON.parse unguarded, so its SyntaxError is what the client
// reads; any other payload is parsed if it can be and kept as a string if not.
function decodePayload(text: string, saysJwt: boolean): unknown {
  if (saysJwt) return JSON.parse(text) as unknown;
  try {
    const parsed = JSON.parse(text) as unknown;
    return parsed !== null && typeof parsed === 'object' ? parsed : text;
  } catch {
    return text;
  }
}

function checkTimes(payload: Record<string, unknown>): void {
  const now = Math.floor(Date.now() / 1000);
  if (payload.nbf !== undefined) {
    if (typeof payload.nbf !== 'number') throw new JsonWebTokenError('invalid nbf value');
    if (payload.nbf > now) throw new JsonWebTokenError('jwt not active');
  }
  if (payload.exp !== undefined) {
    if (typeof payload.exp !== 'number') throw new JsonWebTokenError('invalid exp value');
    if (now >= payload.exp) throw new JsonWebTokenError('jwt expired');
  }
}

function decodeBase64Url(part: string): string {
  return Buffer.from(part, 'base64url').toString('utf8');
}

function parseJsonObject(text: string): Record<string, unknown> | undefined {
  try {
    const parsed = JSON.parse(text) as unknown;
    return isRecord(parsed) ? parsed : undefined;
  } catch {
    return undefined;
  }
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}
