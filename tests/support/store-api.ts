import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect } from 'vitest';
import { startApi, type RunningApi } from './api-process.js';
import { freshDatabaseEnv, type Backend } from './databases.js';
import { call } from './http.js';

export const TEST_JWT_SECRET = 'contract-test-secret-0123456789abcdef';

/** A real API process on a fresh database for the enclosing describe block. */
export function useApi(backend: Backend, env: Record<string, string> = {}): () => RunningApi {
  let api: RunningApi | undefined;
  beforeAll(async () => {
    api = await startApi({ JWT_SECRET: TEST_JWT_SECRET, ...(await freshDatabaseEnv(backend)), ...env });
  });
  afterAll(async () => {
    await api?.stop();
  });
  return () => {
    if (!api) throw new Error('API not started');
    return api;
  };
}

export interface Shopper {
  token: string;
  email: string;
}

/** Signs up a new shopper; a busy answer (503, when many sign up at once) is retried after its Retry-After. */
export async function signUp(base: string, name = 'Asha Rao'): Promise<Shopper> {
  const email = `shopper-${randomUUID()}@example.com`;
  for (;;) {
    const res = await call(base, 'POST', '/api/user/register', { name, email, password: 'correct horse 1' });
    if (res.status === 503 && res.headers.has('retry-after')) {
      await new Promise((resolve) =>
        setTimeout(resolve, (Number(res.headers.get('retry-after')) + Math.random()) * 1000),
      );
      continue;
    }
    expect(res.status).toBe(201);
    return { token: res.body.token as string, email };
  }
}

export interface CatalogProduct {
  _id: string;
  name: string;
  price: number;
  sizes: string[];
  image: string[];
  category: string;
  subCategory: string;
}

export async function listProducts(base: string): Promise<CatalogProduct[]> {
  const res = await call(base, 'GET', '/api/product/list');
  return res.body.products as CatalogProduct[];
}

export { VALID_ADDRESS } from '#domain/test-support/sample-address';
