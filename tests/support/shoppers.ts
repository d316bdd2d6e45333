import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../api/src/db/schema.js';
import { VALID_ADDRESS } from './store-api.js';

// Simulated shoppers for the load checks: each browses, filters, opens products, adds to its cart, changes a
// quantity and sometimes checks out, one request at a time, remembering what the store told it.

export interface ShopperRecord {
  email: string;
  token: string;
  /** The last cart the store answered this shopper with: productId → size → quantity. */
  toldCart: Record<string, Record<string, number>>;
  /** Order ids the store acknowledged, with the idempotency key each was placed under. */
  orders: Array<{ id: string; key: string }>;
}

export interface LoadResult {
  shoppers: ShopperRecord[];
  requests: number;
  latenciesMs: number[];
  /** HTTP status ≥ 500 answers. */
  serverErrors: number;
  /** GraphQL error codes seen, with counts. */
  errorCodes: Record<string, number>;
  durationMs: number;
}

interface Answer {
  status: number;
  data?: Record<string, unknown> | null;
  errors?: Array<{ message: string; extensions?: { code?: string } }>;
}

const CART_FIELDS = 'count total lines { productId size quantity }';
const QUERIES = {
  collection: `query Collection($filter: ProductFilter, $sort: ProductSort) {
    products(filter: $filter, sort: $sort, first: 24) { totalCount nodes { id name price images sizes } facets { types { type count } } } }`,
  product: 'query Product($id: ID!) { product(id: $id) { id name price sizes related { id } } }',
  register: 'mutation Register($input: RegisterInput!) { register(input: $input) { token } }',
  add: `mutation Add($productId: ID!, $size: String!) { addToCart(productId: $productId, size: $size) { ${CART_FIELDS} } }`,
  update: `mutation Update($productId: ID!, $size: String!, $quantity: Int!) { updateCartLine(productId: $productId, size: $size, quantity: $quantity) { ${CART_FIELDS} } }`,
  place: 'mutation Place($input: PlaceOrderInput!) { placeOrder(input: $input) { replayed order { id } } }',
};

const CATEGORIES = ['MEN', 'WOMEN'];
const TYPES = ['SPORTS_SHOES', 'SNEAKERS', 'LEATHER_SHOES', 'SLIPPERS', 'SANDALS'];
const SORTS = ['RELEVANT', 'PRICE_ASC', 'PRICE_DESC'];
const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)]!;

type Lines = Array<{ productId: string; size: string; quantity: number }>;
const toCart = (lines: Lines) => {
  const cart: ShopperRecord['toldCart'] = {};
  for (const line of lines) (cart[line.productId] ??= {})[line.size] = line.quantity;
  return cart;
};

export async function runShoppers(bffUrl: string, shopperCount: number, durationMs: number): Promise<LoadResult> {
  const result: LoadResult = { shoppers: [], requests: 0, latenciesMs: [], serverErrors: 0, errorCodes: {}, durationMs };
  const endpoint = new URL('/graphql', bffUrl);

  async function ask(query: string, variables: Record<string, unknown>, token?: string): Promise<Answer> {
    const started = performance.now();
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (token !== undefined) headers.authorization = `Bearer ${token}`;
    let answer: Answer;
    try {
      const response = await fetch(endpoint, { method: 'POST', headers, body: JSON.stringify({ query, variables }) });
      answer = { status: response.status, ...((await response.json()) as Omit<Answer, 'status'>) };
    } catch {
      answer = { status: 599, errors: [{ message: 'network error', extensions: { code: 'NETWORK' } }] };
    }
    result.latenciesMs.push(performance.now() - started);
    result.requests += 1;
    if (answer.status >= 500) result.serverErrors += 1;
    for (const error of answer.errors ?? []) {
      const code = error.extensions?.code ?? 'UNKNOWN';
      result.errorCodes[code] = (result.errorCodes[code] ?? 0) + 1;
    }
    return answer;
  }

  async function shop(record: ShopperRecord, deadline: number): Promise<void> {
    while (Date.now() < deadline) {
      const filter = { categories: Math.random() < 0.5 ? [pick(CATEGORIES)] : [], types: Math.random() < 0.5 ? [pick(TYPES)] : [] };
      const list = await ask(QUERIES.collection, { filter, sort: pick(SORTS) });
      const nodes = ((list.data?.products as { nodes?: Array<{ id: string; sizes: string[] }> } | undefined)?.nodes ?? []);
      if (nodes.length === 0) continue;
      const shoe = pick(nodes);
      await ask(QUERIES.product, { id: shoe.id });
      const added = await ask(QUERIES.add, { productId: shoe.id, size: pick(shoe.sizes) }, record.token);
      let lines = (added.data?.addToCart as { lines: Lines } | undefined)?.lines;
      if (lines) record.toldCart = toCart(lines);
      if (lines && lines.length > 0 && Math.random() < 0.3) {
        const line = pick(lines);
        const updated = await ask(QUERIES.update, { productId: line.productId, size: line.size, quantity: Math.floor(Math.random() * 4) }, record.token);
        lines = (updated.data?.updateCartLine as { lines: Lines } | undefined)?.lines;
        if (lines) record.toldCart = toCart(lines);
      }
      if (lines && lines.length > 0 && Math.random() < 0.2) {
        const key = randomUUID();
        const input = { address: VALID_ADDRESS, lines: lines.slice(0, 50), idempotencyKey: key };
        const placed = await ask(QUERIES.place, { input }, record.token);
        const order = (placed.data?.placeOrder as { order: { id: string } } | undefined)?.order;
        if (order) {
          record.orders.push({ id: order.id, key });
          record.toldCart = {};
        }
      }
    }
  }

  const registered = await Promise.all(
    Array.from({ length: shopperCount }, async (): Promise<ShopperRecord> => {
      const email = `load-${randomUUID()}@example.com`;
      const answer = await ask(QUERIES.register, { input: { name: 'Load Shopper', email, password: 'correct horse 1' } });
      const token = (answer.data?.register as { token: string } | undefined)?.token;
      if (token === undefined) throw new Error(`registration failed: ${JSON.stringify(answer.errors)}`);
      return { email, token, toldCart: {}, orders: [] };
    }),
  );
  result.shoppers = registered;
  result.requests = 0;
  result.latenciesMs = [];
  const deadline = Date.now() + durationMs;
  await Promise.all(registered.map((record) => shop(record, deadline)));
  return result;
}

export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

export interface Verdict {
  acknowledgedOrders: number;
  lostOrders: string[];
  /** Idempotency keys that made more than one order. */
  duplicatedKeys: string[];
  /** Orders in the database that no shopper was told about (only expected when calls failed mid-way). */
  unacknowledgedOrders: number;
  /** Shoppers whose stored cart differs from the last cart they were shown. */
  cartMismatches: string[];
}

/** Compares what the shoppers were told with what the database holds. */
export async function verifyAgainstDatabase(
  result: LoadResult,
  db: Kysely<Database>,
): Promise<Verdict> {
  const verdict: Verdict = { acknowledgedOrders: 0, lostOrders: [], duplicatedKeys: [], unacknowledgedOrders: 0, cartMismatches: [] };
  for (const shopper of result.shoppers) {
    const user = await db.selectFrom('users').select('id').where('email', '=', shopper.email).executeTakeFirstOrThrow();
    const rows = await db.selectFrom('orders').select(['id', 'idempotency_key']).where('user_id', '=', user.id).execute();
    const stored = new Set(rows.map((r) => r.id));
    verdict.acknowledgedOrders += shopper.orders.length;
    verdict.lostOrders.push(...shopper.orders.filter((o) => !stored.has(o.id)).map((o) => o.id));
    const perKey = new Map<string, number>();
    for (const row of rows) if (row.idempotency_key !== null) perKey.set(row.idempotency_key, (perKey.get(row.idempotency_key) ?? 0) + 1);
    verdict.duplicatedKeys.push(...[...perKey].filter(([, n]) => n > 1).map(([key]) => key));
    const acknowledged = new Set(shopper.orders.map((o) => o.id));
    verdict.unacknowledgedOrders += rows.filter((r) => !acknowledged.has(r.id)).length;

    const lines = await db.selectFrom('cart_lines').select(['product_id', 'size', 'quantity']).where('user_id', '=', user.id).execute();
    const storedCart: ShopperRecord['toldCart'] = {};
    for (const line of lines) if (line.quantity > 0) (storedCart[line.product_id] ??= {})[line.size] = line.quantity;
    if (JSON.stringify(sortCart(storedCart)) !== JSON.stringify(sortCart(shopper.toldCart))) verdict.cartMismatches.push(shopper.email);
  }
  return verdict;
}

function sortCart(cart: ShopperRecord['toldCart']): Array<[string, string, number]> {
  return Object.entries(cart)
    .flatMap(([id, sizes]) => Object.entries(sizes).map(([size, q]): [string, string, number] => [id, size, q]))
    .sort((a, b) => `${a[0]}/${a[1]}`.localeCompare(`${b[0]}/${b[1]}`));
}

export function printLoadReport(result: LoadResult, verdict: Verdict): void {
  const seconds = result.durationMs / 1000;
  console.log(`shoppers: ${result.shoppers.length}, duration: ${seconds} s, requests: ${result.requests}`);
  console.log(`throughput: ${Math.round(result.requests / seconds)} req/s, p50 ${percentile(result.latenciesMs, 50).toFixed(1)} ms, p99 ${percentile(result.latenciesMs, 99).toFixed(1)} ms`);
  console.log(`5xx answers: ${result.serverErrors}; GraphQL error codes: ${JSON.stringify(result.errorCodes)}`);
  console.log(
    `orders acknowledged: ${verdict.acknowledgedOrders}, lost: ${verdict.lostOrders.length}, duplicated keys: ${verdict.duplicatedKeys.length}, unacknowledged in db: ${verdict.unacknowledgedOrders}`,
  );
  console.log(`carts not matching what the shopper was told: ${verdict.cartMismatches.length}`);
}
