// `npm run bench:api`: the store API on loopback (SQLite, a fresh data folder), measured with autocannon.
// Targets on a 2-core machine: product list ≥ 3,000 req/s, cart add ≥ 1,500 req/s, order place ≥ 500 req/s.
import { startApi } from '../tests/support/api-process.js';
import { call } from '../tests/support/http.js';
import { listProducts, signUp, VALID_ADDRESS } from '../tests/support/store-api.js';
import { measure, printTable } from './load.js';

const api = await startApi({ LOG_LEVEL: 'silent', AUTH_RATE_LIMIT_MAX: '100000' });
try {
  const products = await listProducts(api.url);
  const lines = products.flatMap((p) => p.sizes.map((size) => ({ itemId: p._id, size })));
  const shoppers = await Promise.all(Array.from({ length: 100 }, () => signUp(api.url)));
  let n = 0;
  // 100 shoppers with carts of up to 6 lines each (a realistic cart), rotating so no line nears the 99 cap.
  const nextAdd = () => {
    n += 1;
    const index = n % shoppers.length;
    const line = lines[(index * 7 + (Math.floor(n / shoppers.length) % 6)) % lines.length]!;
    return { token: shoppers[index]!.token, body: JSON.stringify(line) };
  };
  const shoe = products[0]!;
  const order = JSON.stringify({
    address: VALID_ADDRESS,
    items: [{ _id: shoe._id, size: shoe.sizes[0], quantity: 1 }],
  });
  const json = { 'content-type': 'application/json' };

  const rows = [
    await measure('GET /api/product/list', { url: `${api.url}/api/product/list` }),
    await measure('POST /api/cart/add', {
      url: api.url,
      requests: [
        {
          method: 'POST',
          path: '/api/cart/add',
          setupRequest: (request) => {
            const { token, body } = nextAdd();
            return { ...request, body, headers: { ...json, authorization: `Bearer ${token}` } };
          },
        },
      ],
    }),
    await measure('POST /api/order/place', {
      url: api.url,
      requests: [
        {
          method: 'POST',
          path: '/api/order/place',
          setupRequest: (request) => {
            n += 1;
            const token = shoppers[n % shoppers.length]!.token;
            return { ...request, body: order, headers: { ...json, authorization: `Bearer ${token}` } };
          },
        },
      ],
    }),
  ];
  printTable(rows);
  const check = await call(api.url, 'POST', '/api/order/userorders', {}, { token: shoppers[0]!.token });
  console.log(`\n(sanity: shopper 1 has ${(check.body.orders as unknown[]).length} orders)`);
} finally {
  await api.stop();
}
