import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database, UserTable } from '../db/schema.js';

export type User = UserTable;

export function findUserById(db: Kysely<Database>, id: string): Promise<User | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findUserByEmail(db: Kysely<Database>, email: string): Promise<User | undefined> {
  return db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
}

/** Inserts a password user; undefined when the email is already taken (the unique index decides, not a prior read). */
export async function insertPasswordUser(
  db: Kysely<Database>,
  user: { name: string; email: string; passwordHash: string },
): Promise<User | undefined> {
  const row: User = {
    id: randomUUID(),
    name: user.name,
    email: user.email,
    password_hash: user.passwordHash,
    clerk_id: null,
    created_at: Date.now(),
  };
  const inserted = await db
    .insertInto('users')
    .values(row)
    .onConflict((oc) => oc.column('email').doNothing())
    .returningAll()
    .executeTakeFirst();
  return inserted;
}

/** Replaces a user's password hash, unless it changed since it was read (the upgrade of an old hash at login). */
export async function replacePasswordHash(
  db: Kysely<Database>,
  id: string,
  hashes: { from: string; to: string },
): Promise<void> {
  await db
    .updateTable('users')
    .set({ password_hash: hashes.to })
    .where('id', '=', id)
    .where('password_hash', '=', hashes.from)
    .execute();
}

/** The store user behind a Clerk subject, created on first sight. */
export async function upsertClerkUser(
  db: Kysely<Database>,
  identity: { clerkId: string; name: string | undefined },
): Promise<User> {
  const existing = await db
    .selectFrom('users')
    .selectAll()
    .where('clerk_id', '=', identity.clerkId)
    .executeTakeFirst();
  if (existing) return existing;
  await db
    .insertInto('users')
    .values({
      id: randomUUID(),
      name: identity.name ?? 'Shopper',
      // Keyed by the Clerk subject alone: a password account with the same email stays a separate account.
      email: null,
      password_hash: null,
      clerk_id: identity.clerkId,
      created_at: Date.now(),
    })
    .onConflict((oc) => oc.column('clerk_id').doNothing())
    .execute();
  return db
    .selectFrom('users')
    .selectAll()
    .where('clerk_id', '=', identity.clerkId)
    .executeTakeFirstOrThrow();
}
