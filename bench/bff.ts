// `npm run bench:bff`: the BFF against the API it fronts, on loopback, in one run (SQLite, a fresh data folder).
// Targets: the collection's product list through GraphQL ≥ 1.0× the direct REST list (the BFF's catalogue and
// response caches earn it); a cart write (a line set to its next quantity, as the screens add one) through GraphQL
// costs ≤ 2 ms more than direct at p50.
import { MAX_LINE_QUANTITY } from '../domain/store-rules.js';
import { startApi } from '../tests/support/api-process.js';
import { startBff } from '../tests/support/bff-process.js';
import { CART_LINES } from '../tests/support/graphql.js';
import { listProducts, signUp } from '../tests/support/store-api.js';
import { measure, printTable, type Figures } from './load.js';

const json = { 'content-type': 'application/json' };
// What the collection page asks on a first visit.
const COLLECTION = JSON.stringify({
  query: `query Collection($first: Int) { products(first: $first) { totalCount nodes { id name price images }
    pageInfo { hasNextPage endCursor } facets { categories { category count } types { type count } } } }`,
  variables: { first: 24 },
});
const UPDATE = `mutation UpdateCartLine($productId: ID!, $size: String!, $quantity: Int!) {
  updateCartLine(productId: $productId, size: $size, quantity: $quantity) { ${CART_LINES} } }`;

const api = await startApi({ LOG_LEVEL: 'silent', AUTH_RATE_LIMIT_MAX: '100000' });
const bff = await startBff(api.url, { NODE_ENV: 'production', LOG_LEVEL: 'silent' });
try {
  const products = await listProducts(api.url);
  const lines = products.flatMap((p) => p.sizes.map((size) => ({ itemId: p._id, size })));
  const shoppers = await Promise.all(Array.from({ length: 100 }, () => signUp(api.url)));
  let n = 0;
  // What each shopper's line was last set to, so each write sets one more (wrapping at the 99 cap).
  const quantities = new Map<string, number>();
  // The same rotation as bench:api: 100 shoppers, carts of up to 6 lines.
  const nextLine = () => {
    n += 1;
    const index = n % shoppers.length;
    const { itemId, size } = lines[(index * 7 + (Math.floor(n / shoppers.length) % 6)) % lines.length]!;
    const key = `${index}/${itemId}/${size}`;
    const quantity = ((quantities.get(key) ?? 0) % MAX_LINE_QUANTITY) + 1;
    quantities.set(key, quantity);
    return { token: shoppers[index]!.token, line: { itemId, size, quantity } };
  };
  const cartCase = (name: string, url: string, path: string, body: (line: { itemId: string; size: string; quantity: number }) => string) =>
    measure(name, {
      url,
      connections: 10,
      requests: [
        {
          method: 'POST',
          path,
          setupRequest: (request) => {
            const { token, line } = nextLine();
            return { ...request, body: body(line), headers: { ...json, authorization: `Bearer ${token}` } };
          },
        },
      ],
    });

  const restList = await measure('REST GET /api/product/list', { url: `${api.url}/api/product/list` });
  const gqlList = await measure('GraphQL products (collection)', {
    url: `${bff.url}/graphql`,
    method: 'POST',
    headers: json,
    body: COLLECTION,
  });
  const restSet = await cartCase('REST POST /api/cart/update', api.url, '/api/cart/update', (line) => JSON.stringify(line));
  const gqlSet = await cartCase('GraphQL updateCartLine', bff.url, '/graphql', (line) =>
    JSON.stringify({ query: UPDATE, variables: { productId: line.itemId, size: line.size, quantity: line.quantity } }),
  );
  const rows: Figures[] = [restList, gqlList, restSet, gqlSet];
  printTable(rows);
  const ratio = gqlList.requestsPerSecond / restList.requestsPerSecond;
  const overhead = gqlSet.p50 - restSet.p50;
  console.log(`\nproduct list: GraphQL / REST throughput = ${ratio.toFixed(2)}× (target ≥ 1.0×)`);
  console.log(`cart write: GraphQL p50 overhead = ${overhead.toFixed(2)} ms (target ≤ 2 ms)`);
  const failures = rows.reduce((sum, r) => sum + r.non2xx + r.errors, 0);
  if (failures > 0) console.log(`\n${failures} failed requests: the figures above are not valid.`);
} finally {
  await bff.stop();
  await api.stop();
}
