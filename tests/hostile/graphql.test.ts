import { readdirSync, readFileSync } from 'node:fs';
import Fastify from 'fastify';
import { buildSchema, Kind, parse, type OperationDefinitionNode } from 'graphql';
import { describe, expect, it } from 'vitest';
import { boundedAnswer } from '../../bff/src/graphql/http-limits.js';
import { QUERY_LIMITS } from '../../bff/src/graphql/limits.js';
import { queryCost } from '../../bff/src/graphql/query-cost.js';
import { RESPONSE_CACHE_BYTES, ResponseCache } from '../../bff/src/graphql/response-cache.js';
import { useStore } from '../support/bff-process.js';
import { firstProductId } from '../support/graphql.js';
import { VALID_ADDRESS } from '../support/store-api.js';

// What a hostile client tries against the GraphQL endpoint (issue 27): a tiny query asking for a huge answer, ever new
// spellings of one query to fill the response cache, and malformed requests that used to answer 500.

/** The issue's query (168 bytes as a request body): 100 products × 20 × 20 × 20 related descriptions. */
const HUGE = `{ products(filter:{categories:[MEN],types:[SNEAKERS]},first:100){ nodes { related(limit:20){ related(limit:20){ related(limit:20){ description } } } } } }`;
/** Its cost: 1 + 100 × (1 + 20 × (1 + 20 × (1 + 20))). */
const HUGE_COST = 842_101;

interface Answer {
  status: number;
  data?: unknown;
  errors?: Array<{ message: string; extensions?: Record<string, unknown> }>;
  extensions?: Record<string, unknown>;
}

/** One POST to /graphql with this exact body text; the whole answer (status, data, errors, extensions). */
async function post(base: string, body: string): Promise<Answer> {
  const response = await fetch(new URL('/graphql', base), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body,
  });
  return { status: response.status, ...((await response.json()) as Omit<Answer, 'status'>) };
}

const postQuery = (base: string, query: string, variables?: Record<string, unknown>, extensions?: unknown) =>
  post(base, JSON.stringify({ query, variables, extensions }));

const codeOf = (answer: Answer) => answer.errors?.[0]?.extensions?.code;

/** Every document the storefront sends (web/src/**\/*.graphql) as one text, its fragments included. */
function storefrontDocuments() {
  const root = new URL('../../web/src/', import.meta.url);
  const files = readdirSync(root, { recursive: true, encoding: 'utf8' }).filter((file) =>
    file.endsWith('.graphql'),
  );
  const text = files.map((file) => readFileSync(new URL(file, root), 'utf8')).join('\n');
  const document = parse(text);
  const operations = document.definitions.filter(
    (d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION,
  );
  return { text, document, operations };
}

/** Each storefront operation's variables at the largest sizes the BFF allows (first 100, limit 20, 200 ids). */
const LARGEST_VARIABLES: Record<string, Record<string, unknown>> = {
  NavViewer: {},
  SyncUser: {},
  ServerCart: {},
  UpdateCartLine: { productId: 'p1', size: '9', quantity: 10 },
  CartProducts: { ids: Array.from({ length: 200 }, (_, i) => `p${i}`), first: 100 },
  CollectionProducts: { filter: { categories: ['MEN'] }, sort: 'PRICE_ASC', first: 100, after: null },
  LatestProducts: { limit: 20 },
  Login: { input: { email: 'a@b.co', password: 'secret-password' } },
  Register: { input: { name: 'Asha', email: 'a@b.co', password: 'secret-password' } },
  MyOrders: {},
  PlaceOrder: {
    input: {
      address: VALID_ADDRESS,
      lines: [{ productId: 'p1', size: '9', quantity: 1 }],
      idempotencyKey: 'k',
    },
  },
  ProductDetail: { id: 'p1', relatedLimit: 20 },
  CancelOrder: { orderId: 'o1' },
  RequestReturn: {
    input: {
      orderId: 'o1',
      productId: 'p1',
      size: '9',
      quantity: 99,
      kind: 'EXCHANGE',
      reason: 'Does not fit',
      exchangeSize: '10',
      idempotencyKey: 'k',
    },
  },
};

describe('GraphQL work is bounded by a cost that counts list sizes (item 1)', () => {
  const store = useStore();
  const bff = () => store().bff.url;

  it('refuses the 168-byte query that asks for ~800,000 products, naming its cost and the limit', async () => {
    expect(JSON.stringify({ query: HUGE }).length).toBeLessThan(170);
    const answer = await postQuery(bff(), HUGE);
    expect(answer.status).toBe(400);
    expect(answer.data ?? null).toBeNull();
    expect(codeOf(answer)).toBe('BAD_USER_INPUT');
    expect(answer.errors?.[0]?.extensions).toMatchObject({ cost: HUGE_COST, maxCost: QUERY_LIMITS.cost });
    expect(answer.errors?.[0]?.message).toContain('This query would cost 842,101; the limit is 5,000');
  });

  it('counts sizes passed as variables, or left to a variable default, the same as literal ones', async () => {
    const query = `query Huge($first: Int, $limit: Int = 20) { products(filter: { categories: [MEN] }, first: $first) {
      nodes { related(limit: $limit) { related(limit: $limit) { related(limit: $limit) { description } } } } } }`;
    const answer = await postQuery(bff(), query, { first: 100 });
    expect(answer.status).toBe(400);
    expect(answer.errors?.[0]?.extensions).toMatchObject({ cost: HUGE_COST, maxCost: QUERY_LIMITS.cost });
  });

  it('counts selections inside fragments and inline fragments', async () => {
    const query = `query { products(first: 100) { ...Page } }
      fragment Page on ProductConnection { nodes { ... on Product { related(limit: 20) { related(limit: 20) { description } } } } }`;
    const answer = await postQuery(bff(), query);
    expect(answer.status).toBe(400);
    expect(answer.errors?.[0]?.extensions).toMatchObject({ cost: 1 + 100 * (1 + 20 * (1 + 20)) });
  });

  it('refuses related nested three deep, however small the lists', async () => {
    const id = await firstProductId(bff());
    const answer = await postQuery(
      bff(),
      `{ product(id: "${id}") { related(limit: 1) { related(limit: 1) { related(limit: 1) { id } } } } }`,
    );
    expect(answer.status).toBe(400);
    expect(codeOf(answer)).toBe('GRAPHQL_VALIDATION_FAILED');
    expect(answer.errors?.[0]?.message).toMatch(
      /Product\.related is nested 3 levels deep in itself; the limit is 2/,
    );
    const twice = await postQuery(
      bff(),
      `{ product(id: "${id}") { related(limit: 2) { related(limit: 2) { id } } } }`,
    );
    expect(twice.errors).toBeUndefined();
  });

  it('costs every document the storefront sends, at the largest sizes the BFF allows, within the limit', () => {
    const { operations, document } = storefrontDocuments();
    const schema = buildSchema(readFileSync(new URL('../../schema.graphql', import.meta.url), 'utf8'));
    const costs = operations.map((operation) => {
      const name = operation.name?.value ?? '(anonymous)';
      expect(LARGEST_VARIABLES, `variables for the storefront's ${name}`).toHaveProperty(name);
      return [name, queryCost(schema, document, operation, LARGEST_VARIABLES[name])?.cost] as const;
    });
    expect(costs.length).toBeGreaterThanOrEqual(14);
    for (const [name, cost] of costs) {
      expect(cost, name).toBeDefined();
      expect(cost, name).toBeLessThanOrEqual(QUERY_LIMITS.cost);
    }
    // The collection's page of 100: the products, their cards, the page info and the facet counts.
    expect(Object.fromEntries(costs).CollectionProducts).toBe(1 + 100 + 1 + (1 + 10 + 10));
  });

  it('counts the merged answer, so fragments spread twice at every level cost what they return, not 2^n', () => {
    const schema = buildSchema(readFileSync(new URL('../../schema.graphql', import.meta.url), 'utf8'));
    const costOf = (text: string) => {
      const document = parse(text);
      const operation = document.definitions.find(
        (d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION,
      )!;
      return queryCost(schema, document, operation)?.cost;
    };
    // 16 levels of fragments, each spreading the next twice: 65,536 spreads of one list of one product.
    let fragments = 'fragment F16 on Product { related(limit: 1) { id } }\n';
    for (let i = 15; i >= 0; i--) fragments += `fragment F${i} on Product { ...F${i + 1} ...F${i + 1} }\n`;
    expect(costOf(`{ product(id: "x") { ...F0 } }\n${fragments}`)).toBe(1 + 1);
    // The same field asked twice under one response key is one field of the answer.
    expect(costOf('{ product(id: "x") { related(limit: 3) { id } related(limit: 3) { name } } }')).toBe(
      1 + 3,
    );
  });

  it('answers the storefront catalogue queries at their largest sizes, with their cost in extensions', async () => {
    const { text } = storefrontDocuments();
    const id = await firstProductId(bff());
    for (const operationName of ['CollectionProducts', 'CartProducts', 'LatestProducts', 'ProductDetail']) {
      const variables = {
        ...LARGEST_VARIABLES[operationName],
        ...(operationName === 'ProductDetail' ? { id } : {}),
      };
      const answer = await post(bff(), JSON.stringify({ query: text, operationName, variables }));
      expect(answer.errors, operationName).toBeUndefined();
      expect(answer.status, operationName).toBe(200);
      expect(answer.extensions?.cost, operationName).toEqual(expect.any(Number));
    }
  });

  it('replaces an answer larger than the byte bound with an error naming both sizes', async () => {
    const app = Fastify();
    app.get(
      '/:size',
      { onSend: (_request, reply, payload, done) => done(null, boundedAnswer(reply, payload, 1000)) },
      (request) => 'é'.repeat(Number((request.params as { size: string }).size)),
    );
    const small = await app.inject('/500');
    expect(small.statusCode).toBe(200);
    expect(small.body).toBe('é'.repeat(500));
    const large = await app.inject('/501');
    expect(large.statusCode).toBe(400);
    const answer = large.json<Answer>();
    expect(answer.errors?.[0]?.extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
      answerBytes: 1002,
      maxAnswerBytes: 1000,
    });
    await app.close();
  });
});

/** A route wired to a response cache the way the BFF's /graphql is; `executions` counts the answers not served from it. */
function cachedEndpoint(cache: ResponseCache, answer: (query: string) => string) {
  const app = Fastify({ bodyLimit: 1024 * 1024 });
  let executions = 0;
  app.post(
    '/graphql',
    {
      async preHandler(request, reply) {
        const hit = await cache.lookup(request);
        if (hit !== undefined) return reply.type(hit.contentType).send(hit.body);
      },
      onSend(request, reply, payload, done) {
        cache.store(request, reply, payload);
        done(null, payload);
      },
    },
    (request, reply) => {
      executions += 1;
      Object.assign(cache.notesFor(request), { cacheable: true, catalogVersion: 1 });
      return reply.type('application/json').send(answer((request.body as { query: string }).query));
    },
  );
  const ask = (query: string, extensions?: Record<string, unknown>) =>
    app.inject({
      method: 'POST',
      url: '/graphql',
      payload: { query, ...(extensions === undefined ? {} : { extensions }) },
    });
  return { app, ask, executions: () => executions };
}

describe('the response cache is bounded in bytes and keyed by the printed document (item 3)', () => {
  it('keeps one entry for a query however it is commented, spaced or comma-separated', async () => {
    const cache = new ResponseCache(() => Promise.resolve(1));
    const endpoint = cachedEndpoint(cache, () => '{"data":{"latestProducts":[]}}');
    for (const query of [
      '{ latestProducts(limit: 1) { id name } }',
      '{ latestProducts(limit: 1) { id name } } # 1',
      '# another\n{\n  latestProducts(limit: 1) {\n    id,\n    name\n  }\n}',
      'query { latestProducts(limit: 1) { id name } }',
    ]) {
      expect((await endpoint.ask(query)).statusCode).toBe(200);
    }
    expect(endpoint.executions()).toBe(1);
    expect(cache.size).toBe(1);
    await endpoint.app.close();
  });

  it('400 distinct ~400 KB answers stay within its byte bound, the oldest forgotten', async () => {
    const cache = new ResponseCache(() => Promise.resolve(1));
    const body = `{"data":{"padding":"${'x'.repeat(400 * 1024)}"}}`;
    const endpoint = cachedEndpoint(cache, () => body);
    const query = (n: number) => `{ products(first: ${n}) { totalCount } }`;
    for (let n = 0; n < 400; n++) await endpoint.ask(query(n));
    expect(cache.bytes).toBeLessThanOrEqual(RESPONSE_CACHE_BYTES);
    expect(cache.size).toBeLessThan(RESPONSE_CACHE_BYTES / (2 * body.length));
    await endpoint.ask(query(399));
    expect(endpoint.executions()).toBe(400);
    await endpoint.ask(query(0));
    expect(endpoint.executions()).toBe(401);
    await endpoint.app.close();
  });

  it("serves the storefront's queries, which name their client library in extensions, and no other extensions", async () => {
    const cache = new ResponseCache(() => Promise.resolve(1));
    const endpoint = cachedEndpoint(cache, () => '{"data":{"latestProducts":[]}}');
    // What Apollo Client 4's HttpLink sends with every operation (its client awareness).
    const clientLibrary = { clientLibrary: { name: '@apollo/client', version: '4.3.8' } };
    const query = '{ latestProducts(limit: 4) { id } }';
    await endpoint.ask(query, clientLibrary);
    await endpoint.ask(query, clientLibrary);
    await endpoint.ask(query);
    expect(endpoint.executions()).toBe(1);
    await endpoint.ask(query, {
      ...clientLibrary,
      persistedQuery: { version: 1, sha256Hash: 'a'.repeat(64) },
    });
    expect(endpoint.executions()).toBe(2);
    await endpoint.app.close();
  });

  it('does not cache a query that does not parse (Apollo answers it)', async () => {
    const cache = new ResponseCache(() => Promise.resolve(1));
    const endpoint = cachedEndpoint(cache, () => '{"data":null}');
    await endpoint.ask('{ latestProducts(limit: 1) { id }');
    await endpoint.ask('{ latestProducts(limit: 1) { id }');
    expect(endpoint.executions()).toBe(2);
    expect(cache.size).toBe(0);
    await endpoint.app.close();
  });
});

describe('client mistakes answer 400 with a code, never 500 (item 8)', () => {
  const store = useStore();
  const bff = () => store().bff.url;

  it('a syntax error is GRAPHQL_PARSE_FAILED', async () => {
    const answer = await postQuery(bff(), '{ products(first: 1) { nodes { id } ');
    expect(answer.status).toBe(400);
    expect(codeOf(answer)).toBe('GRAPHQL_PARSE_FAILED');
    expect(answer.errors?.[0]?.message).toMatch(/Syntax Error/);
  });

  it('a document over the token limit is GRAPHQL_PARSE_FAILED, naming the limit', async () => {
    const answer = await postQuery(bff(), `{ ${'__typename '.repeat(QUERY_LIMITS.tokens + 100)} }`);
    expect(answer.status).toBe(400);
    expect(codeOf(answer)).toBe('GRAPHQL_PARSE_FAILED');
    expect(answer.errors?.[0]?.message).toMatch(/more th.. 2000 tokens/);
  });

  it('variables nested thousands deep are refused before parsing, and the BFF keeps answering', async () => {
    for (const depth of [QUERY_LIMITS.jsonDepth, 9_500, 50_000]) {
      const deep = `${'['.repeat(depth)}${']'.repeat(depth)}`;
      const answer = await post(
        bff(),
        `{"query":"query($x: Int) { latestProducts(limit: 1) { id } }","variables":{"x":${deep}}}`,
      );
      expect(answer.status, `depth ${depth}`).toBe(400);
      expect(codeOf(answer), `depth ${depth}`).toBe('BAD_REQUEST');
      expect(answer.errors?.[0]?.message).toMatch(/nests deeper than 64 levels/);
    }
    const fine = await postQuery(
      bff(),
      'query($ids: [ID!]) { products(filter: { ids: $ids }, first: 1) { totalCount } }',
      { ids: ['a'] },
    );
    expect(fine.status).toBe(200);
    expect(fine.errors).toBeUndefined();
  });

  it('a malformed persistedQuery extension is BAD_REQUEST', async () => {
    const query = '{ latestProducts(limit: 1) { id } }';
    for (const persistedQuery of [
      'x',
      { version: 2 },
      { version: 1, sha256Hash: 'not-the-hash' },
      { version: 1, sha256Hash: 5 },
    ]) {
      const answer = await postQuery(bff(), query, {}, { persistedQuery });
      expect(answer.status, JSON.stringify(persistedQuery)).toBe(400);
      expect(codeOf(answer), JSON.stringify(persistedQuery)).toBe('BAD_REQUEST');
    }
  });
});
