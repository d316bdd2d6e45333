import { describe, expect, it } from 'vitest';
import { useStore } from '../support/bff-process.js';
import { CART_LINES, codesOf, gql } from '../support/graphql.js';

describe('hostile GraphQL is refused before it runs (development mode)', () => {
  const store = useStore({ NODE_ENV: 'development' });
  const bff = () => store().bff.url;

  it('refuses a deep query', async () => {
    let selection = 'id';
    for (let depth = 0; depth < 12; depth++) selection = `related(limit: 5) { ${selection} }`;
    const answer = await gql(bff(), `{ products(first: 5) { nodes { ${selection} } } }`);
    expect(answer.data ?? null).toBeNull();
    expect(answer.errors?.map((e) => e.message).join('\n')).toMatch(/depth/i);
  });

  it('refuses an alias flood', async () => {
    const aliases = Array.from({ length: 50 }, (_, i) => `a${i}: products(first: 100) { totalCount }`).join(
      '\n',
    );
    const answer = await gql(bff(), `{ ${aliases} }`);
    expect(answer.data ?? null).toBeNull();
    expect(answer.errors?.map((e) => e.message).join('\n')).toMatch(/alias/i);
  });

  it('refuses a costly wide query', async () => {
    const wide = Array.from(
      { length: 14 },
      (_, i) => `p${i}: products(first: 100) { nodes { related(limit: 20) { related(limit: 20) { id } } } }`,
    ).join('\n');
    const answer = await gql(bff(), `{ ${wide} }`);
    expect(answer.data ?? null).toBeNull();
    expect(answer.errors?.length).toBeGreaterThan(0);
  });

  it('refuses an oversized body with 413', async () => {
    const response = await fetch(new URL('/graphql', bff()), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        query: '{ latestProducts(limit: 1) { id } }',
        variables: { pad: 'x'.repeat(200_000) },
      }),
    });
    expect(response.status).toBe(413);
  });

  it('prevents CSRF: a simple cross-site request is not executed', async () => {
    const get = await fetch(
      new URL(`/graphql?query=${encodeURIComponent('{ latestProducts(limit: 1) { id } }')}`, bff()),
    );
    expect(get.status).toBe(400);
    expect(await get.text()).toMatch(/CSRF/i);
    const form = await fetch(new URL('/graphql', bff()), {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: JSON.stringify({
        query: 'mutation { login(input: { email: "a@b.co", password: "xxxxxxxx" }) { token } }',
      }),
    });
    expect(form.status).toBeGreaterThanOrEqual(400);
  });

  it('serves the offline IDE in development, with no external URL', async () => {
    const page = await fetch(new URL('/graphql', bff()), { headers: { accept: 'text/html' } });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('<textarea');
    expect(html).not.toMatch(/https?:\/\//);
    const script = await fetch(new URL('/graphql/ide.js', bff()));
    expect(script.headers.get('content-type')).toMatch(/javascript/);
    expect(await script.text()).not.toMatch(/https?:\/\/(?!127\.0\.0\.1)/);
  });

  it('answers introspection in development', async () => {
    const answer = await gql<{ __schema: { queryType: { name: string } } }>(
      bff(),
      '{ __schema { queryType { name } } }',
    );
    expect(answer.data?.__schema.queryType.name).toBe('Query');
  });
});

describe('production mode', () => {
  const store = useStore({ NODE_ENV: 'production' });
  const bff = () => store().bff.url;

  it('turns introspection and the IDE off and never sends a stack trace', async () => {
    const introspection = await gql(bff(), '{ __schema { queryType { name } } }');
    expect(codesOf(introspection)).toEqual(['GRAPHQL_VALIDATION_FAILED']);
    const page = await fetch(new URL('/graphql', bff()), { headers: { accept: 'text/html' } });
    expect(await page.text()).not.toContain('<textarea');
    const failed = await gql(bff(), `{ cart { ${CART_LINES} } }`);
    expect(codesOf(failed)).toEqual(['UNAUTHENTICATED']);
    expect(failed.errors?.[0]?.extensions?.stacktrace).toBeUndefined();
    const typo = await gql(bff(), '{ prodcts { totalCount } }');
    expect(typo.errors?.[0]?.message).not.toMatch(/did you mean/i);
  });
});

describe('rate limits on sign-in reach the shopper', () => {
  const store = useStore({}, { AUTH_RATE_LIMIT_MAX: '3' });

  it('answers TOO_MANY_REQUESTS with a message after too many attempts from one address', async () => {
    const LOGIN = 'mutation($input: LoginInput!) { login(input: $input) { token } }';
    const input = { email: 'nobody@example.com', password: 'whatever1' };
    const codes: Array<string | undefined> = [];
    for (let i = 0; i < 5; i++) codes.push(...codesOf(await gql(store().bff.url, LOGIN, { input })));
    expect(codes.slice(0, 3)).toEqual(['UNAUTHENTICATED', 'UNAUTHENTICATED', 'UNAUTHENTICATED']);
    expect(codes.slice(3)).toEqual(['TOO_MANY_REQUESTS', 'TOO_MANY_REQUESTS']);
    const limited = await gql(store().bff.url, LOGIN, { input });
    expect(limited.errors?.[0]?.message).toMatch(/too many/i);
  });
});
