import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { BACKENDS } from '../support/databases.js';
import { call } from '../support/http.js';
import { useApi } from '../support/store-api.js';

const newEmail = () => `user-${randomUUID()}@example.com`;

describe.each(BACKENDS)('sign-up, login and profile on %s', (backend) => {
  const api = useApi(backend);

  it('register answers success, a token and a message', async () => {
    const res = await call(api().url, 'POST', '/api/user/register', {
      name: 'Meera',
      email: newEmail(),
      password: 'longenough',
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ success: true, message: 'Account created' });
    expect(typeof res.body.token).toBe('string');
  });

  it('refuses a second account with the same email, in any letter case', async () => {
    const email = newEmail();
    await call(api().url, 'POST', '/api/user/register', { name: 'A', email, password: 'longenough' });
    const res = await call(api().url, 'POST', '/api/user/register', {
      name: 'B',
      email: email.toUpperCase(),
      password: 'longenough',
    });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ success: false, message: 'An account with this email already exists' });
  });

  it.each([
    [{ name: 'A', email: 'not-an-email', password: 'longenough' }, 'email: Please enter a valid email'],
    [
      { name: 'A', email: 'a@example.com', password: 'short' },
      'password: Please enter a strong password (at least 8 characters)',
    ],
    [{ name: '', email: 'a@example.com', password: 'longenough' }, 'name: Name is required'],
    [{ email: 'a@example.com', password: 'longenough' }, 'name: Name is required'],
    [{ name: 'A', email: 'a@example.com', password: 12345678 }, 'password: Password is required'],
    [{ name: 'A', email: 'a@example.com', password: 'longenough', admin: true }, 'Unknown field: admin'],
  ])('register refuses %j with a clear message', async (body, message) => {
    const res = await call(api().url, 'POST', '/api/user/register', body);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ success: false, message });
  });

  it('login answers a token for the right password', async () => {
    const email = newEmail();
    await call(api().url, 'POST', '/api/user/register', { name: 'A', email, password: 'longenough' });
    const res = await call(api().url, 'POST', '/api/user/login', { email, password: 'longenough' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, message: 'Signed in' });
    const profile = await call(api().url, 'GET', '/api/user/profile', undefined, {
      token: res.body.token as string,
    });
    expect(profile.body).toMatchObject({ success: true, user: { name: 'A', email } });
  });

  it('login says the same thing for a wrong password and an unknown email', async () => {
    const email = newEmail();
    await call(api().url, 'POST', '/api/user/register', { name: 'A', email, password: 'longenough' });
    const wrong = await call(api().url, 'POST', '/api/user/login', { email, password: 'wrongpassword' });
    const unknown = await call(api().url, 'POST', '/api/user/login', {
      email: newEmail(),
      password: 'longenough',
    });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body).toEqual({ success: false, message: 'Invalid email or password' });
    expect(unknown.body).toEqual(wrong.body);
  });

  it('answers malformed JSON, a wrong content type and an oversized body with the envelope', async () => {
    const malformed = await call(api().url, 'POST', '/api/user/login', undefined, { raw: '{"email":' });
    expect(malformed.status).toBe(400);
    expect(malformed.body).toEqual({ success: false, message: 'Malformed JSON body' });

    const wrongType = await call(api().url, 'POST', '/api/user/login', undefined, {
      raw: 'email=a',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(wrongType.status).toBe(415);
    expect(wrongType.body.success).toBe(false);

    const huge = await call(api().url, 'POST', '/api/user/register', {
      name: 'x'.repeat(200_000),
      email: newEmail(),
      password: 'longenough',
    });
    expect(huge.status).toBe(413);
    expect(huge.body).toEqual({ success: false, message: 'Request body is too large' });
  });
});

describe.each(BACKENDS)('abuse limits on %s', (backend) => {
  const api = useApi(backend, { AUTH_RATE_LIMIT_MAX: '5' });

  it('limits login attempts per shopper address with 429', async () => {
    const limited = { 'x-forwarded-for': '203.0.113.7' };
    const other = { 'x-forwarded-for': '203.0.113.8' };
    const attempt = (headers: Record<string, string>) =>
      call(
        api().url,
        'POST',
        '/api/user/login',
        { email: 'nobody@example.com', password: 'whatever1' },
        { headers },
      );
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1) statuses.push((await attempt(limited)).status);
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    const refused = await attempt(limited);
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({
      success: false,
      message: 'Too many attempts. Please wait a minute and try again.',
    });
    // Another shopper behind the same BFF is not throttled by the first one.
    expect((await attempt(other)).status).toBe(401);
  });
});
