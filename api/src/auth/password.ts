import { scrypt as scryptCallback, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { hash as argon2Hash, parseOptions, verify as argon2Verify } from '@node-rs/argon2';

// Passwords are stored as Argon2id in the PHC string format, which records the algorithm, version and parameters:
// `$argon2id$v=19$m=19456,t=2,p=1$<salt>$<key>` (docs/decisions/012-password-hashing.md). Hashes made before it,
// `scrypt$N$r$p$<salt>$<key>`, still verify and are replaced at the next successful login.

export interface Argon2Params {
  /** Memory per hash, in KiB (`m=`). */
  memoryKiB: number;
  /** Passes over the memory (`t=`). */
  iterations: number;
  /** Lanes (`p=`). */
  parallelism: number;
}

/** OWASP Password Storage Cheat Sheet: Argon2id with 19 MiB, 2 iterations, parallelism 1. Settings may only raise them. */
export const OWASP_ARGON2ID: Argon2Params = { memoryKiB: 19_456, iterations: 2, parallelism: 1 };

const KEY_LENGTH = 32;

// Any Unicode spelling of the same password is the same password (a composed "é" and "e" + combining accent).
const normalised = (password: string) => password.normalize('NFKC');

export function hashPassword(password: string, params: Argon2Params): Promise<string> {
  // Argon2id is the package's default algorithm (its `Algorithm` is a const enum, which isolated modules cannot
  // name); the stored string says `$argon2id$`, and the contract tests check it.
  return argon2Hash(normalised(password), {
    memoryCost: params.memoryKiB,
    timeCost: params.iterations,
    parallelism: params.parallelism,
    outputLen: KEY_LENGTH,
  });
}

/** True when the password matches the stored hash, of either format; false for a hash this store cannot read. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  if (stored.startsWith('$argon2')) {
    try {
      return await argon2Verify(stored, normalised(password));
    } catch {
      return false;
    }
  }
  return verifyLegacyScrypt(password, stored);
}

/** True when the stored hash is not Argon2id with exactly these parameters: it is re-hashed after a successful login. */
export function needsRehash(stored: string, params: Argon2Params): boolean {
  if (!stored.startsWith('$argon2id$')) return true;
  try {
    const current = parseOptions(stored);
    return (
      current.memoryCost !== params.memoryKiB ||
      current.timeCost !== params.iterations ||
      current.parallelism !== params.parallelism ||
      current.outputLen !== KEY_LENGTH
    );
  } catch {
    return true;
  }
}

const scrypt = (password: string, salt: Buffer, keylen: number, options: ScryptOptions) =>
  new Promise<Buffer>((resolve, reject) => {
    scryptCallback(password, salt, keylen, options, (error, key) => (error ? reject(error) : resolve(key)));
  });

/** The format used until Argon2id: `scrypt$N$r$p$salt$key` (N=16384, r=8, p=1, 16-byte salt, 32-byte key). */
async function verifyLegacyScrypt(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, key] = stored.split('$');
  if (scheme !== 'scrypt' || !n || !r || !p || !salt || !key) return false;
  const [N, blockSize, parallel] = [Number(n), Number(r), Number(p)];
  const expected = Buffer.from(key, 'base64');
  if (expected.length === 0) return false;
  try {
    const actual = await scrypt(normalised(password), Buffer.from(salt, 'base64'), expected.length, {
      N,
      r: blockSize,
      p: parallel,
      // Room for whatever parameters an old hash was made with (node's default stops at 32 MiB).
      maxmem: 256 * N * blockSize + 1024 * 1024,
    });
    return timingSafeEqual(actual, expected);
  } catch {
    return false;
  }
}
