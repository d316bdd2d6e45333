import { SignJWT, UnsecuredJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { BACKENDS } from '../support/databases.js';
import { call } from '../support/http.js';
import { CLERK_ISSUER, createClerkStandIn } from '../support/clerk-stand-in.js';
import { listProducts, signUp, TEST_JWT_SECRET, useApi } from '../support/store-api.js';

const storeToken = (claims: { sub: string; exp: number; secret?: string; iss?: string }) =>
  new SignJWT({})
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(claims.sub)
    .setIssuer(claims.iss ?? 'footwear-store')
    .setAudience('footwear-store')
    .setIssuedAt()
    .setExpirationTime(claims.exp)
    .sign(new TextEncoder().encode(claims.secret ?? TEST_JWT_SECRET));

const subjectOf = (token: string) =>
  JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { sub: string };

describe.each(BACKENDS)('tokens on %s', (backend) => {
  const clerk = createClerkStandIn();
  const api = useApi(backend, { CLERK_JWT_KEY: clerk.publicKeyPem, CLERK_ISSUER });
  const refused = { status: 401, body: { success: false, message: 'Not authorized. Please sign in again.' } };
  const cartWith = (headers: Record<string, string>) =>
    call(api().url, 'POST', '/api/cart/get', {}, { headers });

  it('refuses malformed, expired, wrongly signed and alg:none tokens', async () => {
    const { token } = await signUp(api().url);
    const { sub } = subjectOf(token);
    const now = Math.floor(Date.now() / 1000);
    const cases = [
      'not-a-jwt',
      `${token}x`,
      await storeToken({ sub, exp: now - 60 }),
      await storeToken({ sub, exp: now + 60, secret: 'another-secret-of-enough-length-000000' }),
      new UnsecuredJWT({ sub })
        .setIssuer('footwear-store')
        .setAudience('footwear-store')
        .setExpirationTime(now + 60)
        .encode(),
      await storeToken({ sub: 'someone-else', exp: now + 60 }),
    ];
    for (const bad of cases) {
      expect(await cartWith({ authorization: `Bearer ${bad}` })).toMatchObject(refused);
    }
    expect(await cartWith({ authorization: `Basic ${token}` })).toMatchObject({ status: 401 });
    expect(await cartWith({ authorization: `Bearer ${token}` })).toMatchObject({ status: 200 });
  });

  it('accepts a Clerk session token and syncs the user on first sight', async () => {
    const token = await clerk.sessionToken('user_clerk_1');
    const profile = await call(api().url, 'GET', '/api/user/profile', undefined, { token });
    expect(profile).toMatchObject({
      status: 200,
      body: { success: true, user: { name: 'Shopper', email: null } },
    });
    const again = await call(api().url, 'GET', '/api/user/profile', undefined, {
      token: await clerk.sessionToken('user_clerk_1'),
    });
    expect((again.body.user as { _id: string })._id).toBe((profile.body.user as { _id: string })._id);

    const [shoe] = await listProducts(api().url);
    await call(api().url, 'POST', '/api/cart/add', { itemId: shoe!._id, size: shoe!.sizes[0] }, { token });
    const cart = await call(
      api().url,
      'POST',
      '/api/cart/get',
      {},
      { token: await clerk.sessionToken('user_clerk_1') },
    );
    expect(cart.body.cartData).toEqual({ [shoe!._id]: { [shoe!.sizes[0]!]: 1 } });
    const stranger = await call(
      api().url,
      'POST',
      '/api/cart/get',
      {},
      { token: await clerk.sessionToken('user_clerk_2') },
    );
    expect(stranger.body.cartData).toEqual({});
  });

  it('refuses Clerk tokens from another issuer, another key, or expired', async () => {
    const impostor = createClerkStandIn();
    const cases = [
      await clerk.sessionToken('user_x', { iss: 'https://evil.example' }),
      await impostor.sessionToken('user_x'),
      await clerk.sessionToken('user_x', { expiresInSeconds: -120 }),
    ];
    for (const bad of cases) {
      expect(await call(api().url, 'GET', '/api/user/profile', undefined, { token: bad })).toMatchObject(
        refused,
      );
    }
  });
});
