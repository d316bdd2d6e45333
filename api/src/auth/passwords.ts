import { randomBytes } from 'node:crypto';
import { HashSlots } from './hash-slots.js';
import { hashPassword, needsRehash, verifyPassword, type Argon2Params } from './password.js';

export interface PasswordsOptions {
  params: Argon2Params;
  /** Hashes computed at once (PASSWORD_HASH_CONCURRENCY). */
  concurrency: number;
  /** Hashes waiting beyond those (PASSWORD_HASH_QUEUE); more are refused with 503 and Retry-After. */
  queueLimit: number;
}

export interface PasswordCheck {
  matches: boolean;
  /** A hash with the current parameters, when the stored one matched but was made with others (or with scrypt). */
  upgradedHash?: string;
}

/** Hashing and checking passwords, through a bounded number of slots: each call may throw BusyError (503). */
export interface Passwords {
  hash(password: string): Promise<string>;
  /**
   * Checks a password against a stored hash. With none (an unknown email, a Clerk-only account) it is checked against
   * a hash of the same cost, so a failed login takes as long whether or not the account exists.
   */
  check(password: string, stored: string | null | undefined): Promise<PasswordCheck>;
}

export async function createPasswords({
  params,
  concurrency,
  queueLimit,
}: PasswordsOptions): Promise<Passwords> {
  const slots = new HashSlots({ concurrency, queueLimit });
  const dummyHash = await hashPassword(randomBytes(12).toString('hex'), params);
  return {
    hash: (password) => slots.run(() => hashPassword(password, params)),
    check: (password, stored) =>
      // One slot for the check and the upgrade: an accepted login is never refused half-way.
      slots.run(async (): Promise<PasswordCheck> => {
        const matches = await verifyPassword(password, stored ?? dummyHash);
        if (!matches || !stored || !needsRehash(stored, params))
          return { matches: matches && Boolean(stored) };
        return { matches, upgradedHash: await hashPassword(password, params) };
      }),
  };
}
