import { SignJWT, UnsecuredJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { startApi } from '../support/api-process.js';
import { ADMIN, ADMIN_ENV, adminLogin, NEW_SHOE, pngFile, productForm } from '../support/back-office.js';
import { CLERK_ISSUER, createClerkStandIn } from '../support/clerk-stand-in.js';
import { BACKENDS } from '../support/databases.js';
import { call } from '../support/http.js';
import { listProducts, signUp, TEST_JWT_SECRET, useApi } from '../support/store-api.js';

// The admin contract's sign-in (POST /api/user/admin) and who may call the admin endpoints: the administrator the
// API was started with, by a short-lived token in a `token` header (as the lineage's admin app sends it) or a bearer.

const REFUSED = {
  status: 401,
  body: { success: false, message: 'Not authorized. Please sign in to the back office again.' },
};
const INVALID = { status: 401, body: { success: false, message: 'Invalid email or password' } };
const OFF = {
  status: 403,
  body: { success: false, message: 'The back office is not enabled on this store' },
};

/** Every admin call but the sign-in, with a body it would accept, sent with the given headers. */
function adminCalls(base: string, productId: string) {
  return {
    'order list': (headers: Record<string, string>) => call(base, 'POST', '/api/order/list', {}, { headers }),
    'order status': (headers: Record<string, string>) =>
      call(base, 'POST', '/api/order/status', { orderId: 'no-such-order', status: 'Shipped' }, { headers }),
    'product remove': (headers: Record<string, string>) =>
      call(base, 'POST', '/api/product/remove', { id: productId }, { headers }),
    'product add': async (headers: Record<string, string>) => {
      const response = await fetch(new URL('/api/product/add', base), {
        method: 'POST',
        headers,
        body: productForm(NEW_SHOE, [pngFile()]),
      });
      return { status: response.status, body: (await response.json()) as Record<string, unknown> };
    },
  };
}

const payloadOf = (token: string) =>
  JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as Record<string, unknown>;

describe.each(BACKENDS)('back-office sign-in on %s', (backend) => {
  const clerk = createClerkStandIn();
  const api = useApi(backend, { ...ADMIN_ENV, CLERK_JWT_KEY: clerk.publicKeyPem, CLERK_ISSUER });

  it('signs the administrator in (email in any case) with a token that opens the admin calls, in a token header or as a bearer', async () => {
    const res = await call(api().url, 'POST', '/api/user/admin', {
      email: ADMIN.email.toUpperCase(),
      password: ADMIN.password,
    });
    expect(res).toMatchObject({
      status: 200,
      body: { success: true, message: 'Signed in to the back office' },
    });
    const token = res.body.token as string;
    const claims = payloadOf(token);
    expect(claims).toMatchObject({ sub: ADMIN.email, iss: 'footwear-store', aud: 'footwear-store-admin' });
    // Short-lived: 8 hours by default.
    expect((claims.exp as number) - (claims.iat as number)).toBe(8 * 3600);
    expect(await call(api().url, 'POST', '/api/order/list', {}, { headers: { token } })).toMatchObject({
      status: 200,
      body: { success: true },
    });
    expect(await call(api().url, 'POST', '/api/order/list', {}, { token })).toMatchObject({
      status: 200,
      body: { success: true },
    });
  });

  it("refuses a wrong password, another email, and a shopper's own credentials, with one message", async () => {
    const shopper = await signUp(api().url);
    const attempts = [
      { email: ADMIN.email, password: 'not the password at all' },
      { email: 'someone@kadam.example', password: ADMIN.password },
      { email: shopper.email, password: 'correct horse 1' },
    ];
    for (const attempt of attempts)
      expect(await call(api().url, 'POST', '/api/user/admin', attempt)).toMatchObject(INVALID);
    expect(await call(api().url, 'POST', '/api/user/admin', { email: ADMIN.email })).toMatchObject({
      status: 400,
      body: { success: false, message: 'password: Password is required' },
    });
  });

  it('refuses every admin call without a token, with a shopper token, a Clerk token, a forged, altered or alg:none admin token', async () => {
    const [product] = await listProducts(api().url);
    const shopper = await signUp(api().url);
    const admin = await adminLogin(api().url);
    const now = Math.floor(Date.now() / 1000);
    const adminClaims = { adm: payloadOf(admin).adm };
    const forge = (secret: string) =>
      new SignJWT(adminClaims)
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(ADMIN.email)
        .setIssuer('footwear-store')
        .setAudience('footwear-store-admin')
        .setIssuedAt(now)
        .setExpirationTime(now + 3600)
        .sign(new TextEncoder().encode(secret));
    const [header, , signature] = admin.split('.');
    const promoted = Buffer.from(
      JSON.stringify({ ...payloadOf(admin), sub: 'someone@kadam.example' }),
    ).toString('base64url');
    const tokens: Record<string, string | undefined> = {
      none: undefined,
      shopper: shopper.token,
      clerk: await clerk.sessionToken('user_admin_hopeful'),
      'signed with the shoppers key': await forge(TEST_JWT_SECRET),
      'signed with another secret': await forge('another-secret-of-enough-length-0123456789'),
      'with an altered subject': `${header!}.${promoted}.${signature!}`,
      'alg none': new UnsecuredJWT({ ...adminClaims, sub: ADMIN.email })
        .setIssuer('footwear-store')
        .setAudience('footwear-store-admin')
        .setIssuedAt(now)
        .setExpirationTime(now + 3600)
        .encode(),
      garbage: 'not-a-jwt',
    };
    for (const [name, send] of Object.entries(adminCalls(api().url, product!._id))) {
      for (const [kind, token] of Object.entries(tokens)) {
        const variants: Array<Record<string, string>> =
          token === undefined ? [{}] : [{ token }, { authorization: `Bearer ${token}` }];
        for (const headers of variants) {
          const res = await send(headers);
          expect({ name, kind, status: res.status, body: res.body }).toEqual({ name, kind, ...REFUSED });
        }
      }
    }
    // Nothing was removed on the way.
    expect((await listProducts(api().url)).map((p) => p._id)).toContain(product!._id);
  });

  it("an admin token is no shopper's token", async () => {
    const admin = await adminLogin(api().url);
    expect(await call(api().url, 'POST', '/api/cart/get', {}, { token: admin })).toMatchObject({
      status: 401,
    });
    expect(
      await call(api().url, 'POST', '/api/order/userorders', {}, { headers: { token: admin } }),
    ).toMatchObject({ status: 401 });
  });
});

describe.each(BACKENDS)('admin tokens on %s are short-lived', (backend) => {
  const api = useApi(backend, { ...ADMIN_ENV, ADMIN_TOKEN_TTL: '2s' });

  it('refuses an admin token once ADMIN_TOKEN_TTL has passed', async () => {
    const token = await adminLogin(api().url);
    expect(await call(api().url, 'POST', '/api/order/list', {}, { headers: { token } })).toMatchObject({
      status: 200,
    });
    await new Promise((resolve) => setTimeout(resolve, 3200));
    expect(await call(api().url, 'POST', '/api/order/list', {}, { headers: { token } })).toMatchObject(
      REFUSED,
    );
  });
});

describe.each(BACKENDS)('a store on %s with no administrator', (backend) => {
  const api = useApi(backend);

  it('refuses the sign-in and every admin call', async () => {
    const [product] = await listProducts(api().url);
    expect(
      await call(api().url, 'POST', '/api/user/admin', { email: ADMIN.email, password: ADMIN.password }),
    ).toMatchObject(OFF);
    for (const send of Object.values(adminCalls(api().url, product!._id))) {
      expect(await send({})).toMatchObject(OFF);
      expect(await send({ token: 'anything' })).toMatchObject(OFF);
    }
    expect((await listProducts(api().url)).map((p) => p._id)).toContain(product!._id);
  });
});

describe('the admin sign-in is rate limited', () => {
  const api = useApi('sqlite', { ...ADMIN_ENV, AUTH_RATE_LIMIT_MAX: '3' });

  it("after AUTH_RATE_LIMIT_MAX attempts from one address, even right ones, counted apart from the shoppers' login", async () => {
    const wrong = { email: ADMIN.email, password: 'guess number one' };
    for (let i = 0; i < 3; i += 1)
      expect(await call(api().url, 'POST', '/api/user/admin', wrong)).toMatchObject(INVALID);
    const limited = await call(api().url, 'POST', '/api/user/admin', {
      email: ADMIN.email,
      password: ADMIN.password,
    });
    expect(limited).toMatchObject({
      status: 429,
      body: { success: false, message: 'Too many attempts. Please wait a minute and try again.' },
    });
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    // Another address (a shopper behind the BFF, which forwards it) has its own count.
    const elsewhere = await call(
      api().url,
      'POST',
      '/api/user/admin',
      { email: ADMIN.email, password: ADMIN.password },
      { headers: { 'x-forwarded-for': '203.0.113.7' } },
    );
    expect(elsewhere).toMatchObject({ status: 200, body: { success: true } });
    // The shoppers' login is not the admin's.
    expect(
      await call(api().url, 'POST', '/api/user/login', {
        email: 'nobody@example.com',
        password: 'whatever 1',
      }),
    ).toMatchObject({
      status: 401,
    });
  });
});

describe('admin sessions end when the administrator changes', () => {
  it('a token stops working once the admin password (or email) the API is started with is another', async () => {
    const first = await startApi({ JWT_SECRET: TEST_JWT_SECRET, ...ADMIN_ENV });
    const token = await adminLogin(first.url);
    await first.stop();
    const changed = await startApi({
      JWT_SECRET: TEST_JWT_SECRET,
      ...ADMIN_ENV,
      ADMIN_PASSWORD: 'a brand new admin password',
    });
    try {
      expect(await call(changed.url, 'POST', '/api/order/list', {}, { headers: { token } })).toMatchObject(
        REFUSED,
      );
      const again = await adminLogin(changed.url, {
        email: ADMIN.email,
        password: 'a brand new admin password',
      });
      expect(
        await call(changed.url, 'POST', '/api/order/list', {}, { headers: { token: again } }),
      ).toMatchObject({ status: 200 });
    } finally {
      await changed.stop();
    }
  });

  it('a token given under a longer ADMIN_TOKEN_TTL ends when the shorter one now in force says', async () => {
    const long = await startApi({ JWT_SECRET: TEST_JWT_SECRET, ...ADMIN_ENV, ADMIN_TOKEN_TTL: '1h' });
    const issuedAt = Date.now();
    const token = await adminLogin(long.url);
    await long.stop();
    const short = await startApi({ JWT_SECRET: TEST_JWT_SECRET, ...ADMIN_ENV, ADMIN_TOKEN_TTL: '8s' });
    try {
      expect(Date.now() - issuedAt).toBeLessThan(7000);
      expect(await call(short.url, 'POST', '/api/order/list', {}, { headers: { token } })).toMatchObject({
        status: 200,
      });
      await new Promise((resolve) => setTimeout(resolve, issuedAt + 9000 - Date.now()));
      expect(await call(short.url, 'POST', '/api/order/list', {}, { headers: { token } })).toMatchObject(
        REFUSED,
      );
    } finally {
      await short.stop();
    }
  });
});
