import { randomBytes, randomUUID, scryptSync } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApi, type RunningApi } from '../support/api-process.js';
import { BACKENDS, freshDatabaseEnv, openStoreDatabase } from '../support/databases.js';
import { call, type JsonResponse } from '../support/http.js';
import { TEST_JWT_SECRET, useApi } from '../support/store-api.js';

const PASSWORD = 'correct horse 1';
const BUSY = { success: false, message: 'The store is busy right now. Please try again in a moment.' };
const newEmail = () => `hash-${randomUUID()}@example.com`;
const register = (base: string, email = newEmail(), password = PASSWORD) =>
  call(base, 'POST', '/api/user/register', { name: 'Asha', email, password });
const login = (base: string, email: string, password = PASSWORD) =>
  call(base, 'POST', '/api/user/login', { email, password });

/** The hash the store wrote before Argon2id, computed here independently: `scrypt$N$r$p$salt$key`. */
function oldScryptHash(password: string): string {
  const salt = randomBytes(16);
  const key = scryptSync(password.normalize('NFKC'), salt, 32, { N: 16384, r: 8, p: 1 });
  return ['scrypt', 16384, 8, 1, salt.toString('base64'), key.toString('base64')].join('$');
}

const retryAfterOf = (res: JsonResponse) => Number(res.headers.get('retry-after'));

// One hash at a time, none waiting, each made slow (40 passes, about half a second): a second sign-up or login
// that arrives while one hashes has nowhere to wait.
const ONE_SLOT = { PASSWORD_HASH_CONCURRENCY: '1', PASSWORD_HASH_QUEUE: '0', PASSWORD_HASH_ITERATIONS: '40' };

describe('hashing beyond its slots', () => {
  const api = useApi('sqlite', ONE_SLOT);

  it('refuses sign-ups past the slots at once with 503, the envelope and Retry-After; a retry after it succeeds', async () => {
    const emails = Array.from({ length: 6 }, newEmail);
    const answers = await Promise.all(emails.map((email) => register(api().url, email)));
    const statuses = answers.map((res) => res.status);
    expect(statuses.filter((status) => status === 201).length).toBeGreaterThanOrEqual(1);
    const refused = answers.filter((res) => res.status === 503);
    expect(refused.length).toBeGreaterThanOrEqual(1);
    expect(statuses.every((status) => status === 201 || status === 503)).toBe(true);
    for (const res of refused) {
      expect(res.body).toEqual(BUSY);
      expect(Number.isInteger(retryAfterOf(res))).toBe(true);
      expect(retryAfterOf(res)).toBeGreaterThanOrEqual(1);
    }

    // Nothing was written for a refused sign-up: the same email signs up once the slot is free.
    const refusedEmail = emails[answers.findIndex((res) => res.status === 503)]!;
    await new Promise((resolve) => setTimeout(resolve, retryAfterOf(refused[0]!) * 1000));
    expect((await register(api().url, refusedEmail)).status).toBe(201);
    expect((await login(api().url, refusedEmail)).status).toBe(200);
  });

  it('refuses a login while the slot is taken, for a known and an unknown email alike', async () => {
    const email = newEmail();
    expect((await register(api().url, email)).status).toBe(201);
    const [signUp, known, unknown] = await Promise.all([
      register(api().url),
      // Sent a moment later, so the sign-up holds the slot.
      new Promise<JsonResponse>((resolve) => setTimeout(() => resolve(login(api().url, email)), 50)),
      new Promise<JsonResponse>((resolve) => setTimeout(() => resolve(login(api().url, newEmail())), 50)),
    ]);
    expect(signUp.status).toBe(201);
    for (const res of [known, unknown]) {
      expect(res.status).toBe(503);
      expect(res.body).toEqual(BUSY);
      expect(retryAfterOf(res)).toBeGreaterThanOrEqual(1);
    }
    expect((await login(api().url, email)).status).toBe(200);
    expect((await login(api().url, newEmail())).status).toBe(401);
  });
});

describe('hashing beyond its slots, with FAILURES_AS_200', () => {
  const api = useApi('sqlite', { ...ONE_SLOT, FAILURES_AS_200: 'true' });

  it('answers the refusal with 200, the same message and Retry-After', async () => {
    const answers = await Promise.all(Array.from({ length: 6 }, () => register(api().url)));
    const refused = answers.filter((res) => res.body.success === false);
    expect(refused.length).toBeGreaterThanOrEqual(1);
    for (const res of refused) {
      expect(res.status).toBe(200);
      expect(res.body).toEqual(BUSY);
      expect(retryAfterOf(res)).toBeGreaterThanOrEqual(1);
    }
  });
});

describe.each(BACKENDS)('password hashes on %s', (backend) => {
  let env: Record<string, string> = {};
  let dataDir = '';
  let api: RunningApi | undefined;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'store-hashes-'));
    env = { JWT_SECRET: TEST_JWT_SECRET, ...(await freshDatabaseEnv(backend)) };
    api = await startApi(env, dataDir);
  });
  afterAll(async () => {
    await api?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  async function storedHash(email: string): Promise<string> {
    const store = openStoreDatabase(env, dataDir);
    try {
      const row = await store.db
        .selectFrom('users')
        .select('password_hash')
        .where('email', '=', email)
        .executeTakeFirstOrThrow();
      return row.password_hash ?? '';
    } finally {
      await store.destroy();
    }
  }

  async function setStoredHash(email: string, hash: string): Promise<void> {
    const store = openStoreDatabase(env, dataDir);
    try {
      await store.db.updateTable('users').set({ password_hash: hash }).where('email', '=', email).execute();
    } finally {
      await store.destroy();
    }
  }

  it('stores a new account’s password as Argon2id with OWASP’s parameters, in a format that names them', async () => {
    const email = newEmail();
    expect((await register(api!.url, email)).status).toBe(201);
    expect(await storedHash(email)).toMatch(
      /^\$argon2id\$v=19\$m=19456,t=2,p=1\$[A-Za-z0-9+/]{22}\$[A-Za-z0-9+/]{43}$/,
    );
  });

  it('an account with an old scrypt hash keeps working and is re-hashed with Argon2id at its next login', async () => {
    const email = newEmail();
    expect((await register(api!.url, email)).status).toBe(201);
    const old = oldScryptHash(PASSWORD);
    await setStoredHash(email, old);

    // A wrong password neither signs in nor touches the old hash.
    expect((await login(api!.url, email, 'wrong password')).status).toBe(401);
    expect(await storedHash(email)).toBe(old);

    const first = await login(api!.url, email);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ success: true, message: 'Signed in' });
    const upgraded = await storedHash(email);
    expect(upgraded).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);

    // The upgraded hash is the password's: the next login passes and leaves it as it is.
    expect((await login(api!.url, email)).status).toBe(200);
    expect(await storedHash(email)).toBe(upgraded);
    expect((await login(api!.url, email, 'wrong password')).status).toBe(401);
  });

  it('raising the parameters re-hashes an account at its next login', async () => {
    const email = newEmail();
    expect((await register(api!.url, email)).status).toBe(201);
    await api!.stop();
    api = await startApi(
      { ...env, PASSWORD_HASH_ITERATIONS: '3', PASSWORD_HASH_MEMORY_KIB: '20480' },
      dataDir,
    );
    expect((await login(api.url, email)).status).toBe(200);
    expect(await storedHash(email)).toMatch(/^\$argon2id\$v=19\$m=20480,t=3,p=1\$/);
  });
});

describe('password settings', () => {
  it.each([
    ['PASSWORD_HASH_MEMORY_KIB', '8192', /PASSWORD_HASH_MEMORY_KIB: must be at least 19456/],
    ['PASSWORD_HASH_ITERATIONS', '1', /PASSWORD_HASH_ITERATIONS: must be at least 2/],
    ['PASSWORD_HASH_CONCURRENCY', '0', /PASSWORD_HASH_CONCURRENCY/],
  ])('refuses to start with %s=%s, below OWASP’s bar or meaningless', async (name, value, message) => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'store-settings-'));
    try {
      await expect(startApi({ [name]: value }, dataDir)).rejects.toThrow(message);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
