// `npm run bench:bff`: the BFF against the API it fronts, on loopback, in one run (SQLite, a fresh data folder).
// Targets: the collection's product list through GraphQL ≥ 1.0× the direct REST list (the BFF's catalogue and
// response caches earn it); a cart add through GraphQL costs ≤ 2 ms more than direct at p50.
import { startApi } from '../tests/support/api-process.js';
import { startBff } from '../tests/support/bff-process.js';
import { listProducts, signUp } from '../tests/support/store-api.js';
import { measure, printTable, type Figures } from './load.js';

const json = { 'content-type': 'application/json' };
// What the collection page asks on a first visit.
const COLLECTION = JSON.stringify({
  query: `query Collection($first: Int) { products(first: $first) { totalCount nodes { id name price images }
    pageInfo { hasNextPage endCursor } facets { categories { category count } types { type count } } } }`,
  variables: { first: 24 },
});
const ADD = 'mutation Add($productId: ID!, $size: String!) { addToCart(productId: $productId, size: $size) { count total } }';

const api = await startApi({ LOG_LEVEL: 'silent', AUTH_RATE_LIMIT_MAX: '100000' });
const bff = await startBff(api.url, { NODE_ENV: 'production', LOG_LEVEL: 'silent' });
try {
  const products = await listProducts(api.url);
  const lines = products.flatMap((p) => p.sizes.map((size) => ({ itemId: p._id, size })));
  const shoppers = await Promise.all(Array.from({ length: 100 }, () => signUp(api.url)));
  let n = 0;
  // The same rotation as bench:api: 100 shoppers, carts of up to 6 lines, never near the 99 cap.
  const nextLine = () => {
    n += 1;
    const index = n % shoppers.length;
    const line = lines[(index * 7 + (Math.floor(n / shoppers.length) % 6)) % lines.length]!;
    return { token: shoppers[index]!.token, line };
  };
  const cartCase = (name: string, url: string, path: string, body: (line: { itemId: string; size: string }) => string) =>
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
  const restAdd = await cartCase('REST POST /api/cart/add', api.url, '/api/cart/add', (line) => JSON.stringify(line));
  const gqlAdd = await cartCase('GraphQL addToCart', bff.url, '/graphql', (line) =>
    JSON.stringify({ query: ADD, variables: { productId: line.itemId, size: line.size } }),
  );
  const rows: Figures[] = [restList, gqlList, restAdd, gqlAdd];
  printTable(rows);
  const ratio = gqlList.requestsPerSecond / restList.requestsPerSecond;
  const overhead = gqlAdd.p50 - restAdd.p50;
  console.log(`\nproduct list: GraphQL / REST throughput = ${ratio.toFixed(2)}× (target ≥ 1.0×)`);
  console.log(`cart add: GraphQL p50 overhead = ${overhead.toFixed(2)} ms (target ≤ 2 ms)`);
  const failures = rows.reduce((sum, r) => sum + r.non2xx + r.errors, 0);
  if (failures > 0) console.log(`\n${failures} failed requests: the figures above are not valid.`);
} finally {
  await bff.stop();
  await api.stop();
}
