import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../api/src/db/schema.js';
import { OUT_OF_STOCK } from '#domain/stock';
import {
  BUSY_WAIT_BUDGET_MS,
  busyRetryCeilingMs,
  busyRetryDelayMs,
  busyRetryFloorMs,
} from '../../machines/src/auth/busy-retry.js';
import { CART_LINES, type ServerCart } from './graphql.js';
import { readStockRows, stockKey } from './stock-rows.js';
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
  /** Idempotency keys of the orders the store refused for stock: a correct answer, which must have changed nothing. */
  refusedForStock: string[];
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
  signUps: SignUpResult;
}

/** The sign-ups before the shopping, each retried as the web's sign-in form retries a busy store. */
export interface SignUpResult {
  /** From each shopper's first attempt to the token, waits included, for those who got one. */
  latenciesMs: number[];
  /** Shoppers that needed at least one retry, and the retries in all. */
  retried: number;
  retries: number;
  /** Shoppers who never got a token (gave up after the form's total wait, or were refused outright), by code. */
  failures: Record<string, number>;
  /** All at once, or this many at a time. */
  batch: number;
  durationMs: number;
}

export interface ShopperOptions {
  /** How many sign up at the same moment; the default is all of them. */
  signUpBatch?: number;
  /** Called each time the store acknowledges an order. */
  onOrder?: () => void;
}

interface Answer {
  status: number;
  data?: Record<string, unknown> | null;
  errors?: Array<{
    message: string;
    extensions?: { code?: string; retryAfterSeconds?: number; shortfalls?: Shortfall[] };
  }>;
}

/** A line the store could not fill, as the BFF's OUT_OF_STOCK error names it. */
interface Shortfall {
  productId: string;
  size: string;
  left: number;
}

// The API's refusal message ("Only 1 left of …", "… is sold out"): known by its words too, should the BFF answer it
// under another code.
const STOCK_REFUSAL = /^Only \d+ left of |is sold out(;|$)/;

type AnswerError = NonNullable<Answer['errors']>[number];
const isStockRefusal = (error: AnswerError) =>
  error.extensions?.code === OUT_OF_STOCK || STOCK_REFUSAL.test(error.message);

const QUERIES = {
  collection: `query Collection($filter: ProductFilter, $sort: ProductSort) {
    products(filter: $filter, sort: $sort, first: 24) { totalCount nodes { id name price images sizes } facets { types { type count } } } }`,
  product: 'query Product($id: ID!) { product(id: $id) { id name price sizes related { id } } }',
  register: 'mutation Register($input: RegisterInput!) { register(input: $input) { token } }',
  update: `mutation Update($productId: ID!, $size: String!, $quantity: Int!) { updateCartLine(productId: $productId, size: $size, quantity: $quantity) { ${CART_LINES} } }`,
  place: 'mutation Place($input: PlaceOrderInput!) { placeOrder(input: $input) { replayed order { id } } }',
};

const CATEGORIES = ['MEN', 'WOMEN'];
const TYPES = ['SPORTS_SHOES', 'SNEAKERS', 'LEATHER_SHOES', 'SLIPPERS', 'SANDALS'];
const SORTS = ['RELEVANT', 'PRICE_ASC', 'PRICE_DESC'];
const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)]!;

type Lines = ServerCart['lines'];
const toCart = (lines: Lines) => {
  const cart: ShopperRecord['toldCart'] = {};
  for (const line of lines) (cart[line.productId] ??= {})[line.size] = line.quantity;
  return cart;
};

export async function runShoppers(
  bffUrl: string,
  shopperCount: number,
  durationMs: number,
  options: ShopperOptions = {},
): Promise<LoadResult> {
  const batch = Math.max(1, Math.min(options.signUpBatch ?? shopperCount, shopperCount));
  const signUps: SignUpResult = {
    latenciesMs: [],
    retried: 0,
    retries: 0,
    failures: {},
    batch,
    durationMs: 0,
  };
  const result: LoadResult = {
    shoppers: [],
    requests: 0,
    latenciesMs: [],
    serverErrors: 0,
    errorCodes: {},
    durationMs,
    signUps,
  };
  const endpoint = new URL('/graphql', bffUrl);

  async function ask(query: string, variables: Record<string, unknown>, token?: string): Promise<Answer> {
    const started = performance.now();
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (token !== undefined) headers.authorization = `Bearer ${token}`;
    let answer: Answer;
    try {
      const response = await fetch(endpoint, {
        method: 'POST',
        headers,
        body: JSON.stringify({ query, variables }),
      });
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
      const filter = {
        categories: Math.random() < 0.5 ? [pick(CATEGORIES)] : [],
        types: Math.random() < 0.5 ? [pick(TYPES)] : [],
      };
      const list = await ask(QUERIES.collection, { filter, sort: pick(SORTS) });
      const nodes =
        (list.data?.products as { nodes?: Array<{ id: string; sizes: string[] }> } | undefined)?.nodes ?? [];
      if (nodes.length === 0) continue;
      const shoe = pick(nodes);
      await ask(QUERIES.product, { id: shoe.id });
      // Adds one: sets the line to one more than the store last told this shopper it holds.
      const size = pick(shoe.sizes);
      const quantity = (record.toldCart[shoe.id]?.[size] ?? 0) + 1;
      const added = await ask(QUERIES.update, { productId: shoe.id, size, quantity }, record.token);
      let lines = (added.data?.updateCartLine as ServerCart | undefined)?.lines;
      if (lines) record.toldCart = toCart(lines);
      if (lines && lines.length > 0 && Math.random() < 0.3) {
        const line = pick(lines);
        const updated = await ask(
          QUERIES.update,
          { productId: line.productId, size: line.size, quantity: Math.floor(Math.random() * 4) },
          record.token,
        );
        lines = (updated.data?.updateCartLine as ServerCart | undefined)?.lines;
        if (lines) record.toldCart = toCart(lines);
      }
      if (lines && lines.length > 0 && Math.random() < 0.2) {
        const key = randomUUID();
        const input = { address: VALID_ADDRESS, lines: lines.slice(0, 50), idempotencyKey: key };
        const placed = await ask(QUERIES.place, { input }, record.token);
        const order = (placed.data?.placeOrder as { order: { id: string } } | undefined)?.order;
        if (order) {
          record.orders.push({ id: order.id, key });
          options.onOrder?.();
          record.toldCart = {};
        }
        const refusal = placed.errors?.find(isStockRefusal);
        if (!order && refusal) {
          record.refusedForStock.push(key);
          await fixCart(record, refusal.extensions?.shortfalls ?? []);
        }
      }
    }
  }

  // As the storefront offers after a refusal for stock: each short line brought down to what is left (0 removes it).
  async function fixCart(record: ShopperRecord, shortfalls: readonly Shortfall[]): Promise<void> {
    for (const { productId, size, left } of shortfalls) {
      const fixed = await ask(QUERIES.update, { productId, size, quantity: left }, record.token);
      const lines = (fixed.data?.updateCartLine as ServerCart | undefined)?.lines;
      if (lines) record.toldCart = toCart(lines);
    }
  }

  // As the sign-up form does (machines/src/auth/busy-retry.ts): a busy answer is sent again after the store's
  // Retry-After or the backoff, plus jitter, until the form's total wait is spent.
  async function signUp(): Promise<ShopperRecord | undefined> {
    const email = `load-${randomUUID()}@example.com`;
    const started = performance.now();
    let retries = 0;
    let waitedMs = 0;
    for (;;) {
      const answer = await ask(QUERIES.register, {
        input: { name: 'Load Shopper', email, password: 'correct horse 1' },
      });
      const token = (answer.data?.register as { token: string } | undefined)?.token;
      if (token !== undefined) {
        signUps.latenciesMs.push(performance.now() - started);
        if (retries > 0) signUps.retried += 1;
        return { email, token, toldCart: {}, orders: [], refusedForStock: [] };
      }
      const error = answer.errors?.[0];
      const code = error?.extensions?.code ?? 'UNKNOWN';
      const floorMs = busyRetryFloorMs(retries, error?.extensions?.retryAfterSeconds);
      if (code !== 'STORE_BUSY' || waitedMs + busyRetryCeilingMs(floorMs) > BUSY_WAIT_BUDGET_MS) {
        const reason = code === 'STORE_BUSY' ? 'STORE_BUSY (gave up)' : code;
        signUps.failures[reason] = (signUps.failures[reason] ?? 0) + 1;
        return undefined;
      }
      retries += 1;
      signUps.retries += 1;
      waitedMs += busyRetryCeilingMs(floorMs);
      await new Promise((resolve) => setTimeout(resolve, busyRetryDelayMs(floorMs, Math.random())));
    }
  }

  const signUpStarted = performance.now();
  const registered: ShopperRecord[] = [];
  for (let first = 0; first < shopperCount; first += batch) {
    const wave = await Promise.all(Array.from({ length: Math.min(batch, shopperCount - first) }, signUp));
    registered.push(...wave.filter((record) => record !== undefined));
  }
  signUps.durationMs = performance.now() - signUpStarted;
  const failed = Object.values(signUps.failures).reduce((sum, n) => sum + n, 0);
  if (failed > 0 && registered.length === 0)
    throw new Error(`every sign-up failed: ${JSON.stringify(signUps.failures)}`);
  result.shoppers = registered;
  // The shopping figures start here (a 5xx during the sign-ups still counts: serverErrors is kept).
  result.requests = 0;
  result.latenciesMs = [];
  result.errorCodes = {};
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
  /** Orders the store refused for stock (a correct outcome), and the keys of any that were stored all the same. */
  refusedForStock: number;
  refusedButStored: string[];
}

/** Compares what the shoppers were told with what the database holds. */
export async function verifyAgainstDatabase(result: LoadResult, db: Kysely<Database>): Promise<Verdict> {
  const verdict: Verdict = {
    acknowledgedOrders: 0,
    lostOrders: [],
    duplicatedKeys: [],
    unacknowledgedOrders: 0,
    cartMismatches: [],
    refusedForStock: 0,
    refusedButStored: [],
  };
  for (const shopper of result.shoppers) {
    const user = await db
      .selectFrom('users')
      .select('id')
      .where('email', '=', shopper.email)
      .executeTakeFirstOrThrow();
    const rows = await db
      .selectFrom('orders')
      .select(['id', 'idempotency_key'])
      .where('user_id', '=', user.id)
      .execute();
    const stored = new Set(rows.map((r) => r.id));
    verdict.acknowledgedOrders += shopper.orders.length;
    verdict.lostOrders.push(...shopper.orders.filter((o) => !stored.has(o.id)).map((o) => o.id));
    const perKey = new Map<string, number>();
    for (const row of rows)
      if (row.idempotency_key !== null)
        perKey.set(row.idempotency_key, (perKey.get(row.idempotency_key) ?? 0) + 1);
    verdict.duplicatedKeys.push(...[...perKey].filter(([, n]) => n > 1).map(([key]) => key));
    verdict.refusedForStock += shopper.refusedForStock.length;
    verdict.refusedButStored.push(...shopper.refusedForStock.filter((key) => perKey.has(key)));
    const acknowledged = new Set(shopper.orders.map((o) => o.id));
    verdict.unacknowledgedOrders += rows.filter((r) => !acknowledged.has(r.id)).length;

    const lines = await db
      .selectFrom('cart_lines')
      .select(['product_id', 'size', 'quantity'])
      .where('user_id', '=', user.id)
      .execute();
    const storedCart: ShopperRecord['toldCart'] = {};
    for (const line of lines)
      if (line.quantity > 0) (storedCart[line.product_id] ??= {})[line.size] = line.quantity;
    if (JSON.stringify(sortCart(storedCart)) !== JSON.stringify(sortCart(shopper.toldCart)))
      verdict.cartMismatches.push(shopper.email);
  }
  return verdict;
}

/** The stock at the end of a run with tracked stock, against the counts it started from and the orders stored. */
export interface StockVerdict {
  trackedSizes: number;
  initialPairs: number;
  /** Pairs of the tracked sizes in every stored order. */
  pairsSold: number;
  finalPairs: number;
  soldOutSizes: number;
  /** The lowest count read while the shoppers shopped (sampled), and at the end. */
  lowestSeen: number;
  /** Sizes whose count went below 0, or is not its first count less the pairs stored orders hold of it. */
  negative: string[];
  unaccounted: string[];
}

/** Reads the lowest count now and then while `run` runs: a count below 0 must never be seen, not even for a moment. */
export async function sampleLowestStock<T>(
  db: Kysely<Database>,
  run: Promise<T>,
  everyMs = 250,
): Promise<{ result: T; lowestSeen: number }> {
  let lowestSeen = Number.POSITIVE_INFINITY;
  const finished = new AbortController();
  const sampling = (async () => {
    while (!finished.signal.aborted) {
      const row = await db
        .selectFrom('product_stock')
        .select((eb) => eb.fn.min<number | null>('quantity').as('lowest'))
        .executeTakeFirst();
      if (row && row.lowest !== null) lowestSeen = Math.min(lowestSeen, row.lowest);
      await new Promise((resolve) => setTimeout(resolve, everyMs));
    }
  })();
  try {
    return { result: await run, lowestSeen };
  } finally {
    finished.abort();
    await sampling;
  }
}

/** Every tracked size: never below 0, and its first count less the pairs in stored orders is what is left. */
export async function verifyStock(
  db: Kysely<Database>,
  initial: ReadonlyMap<string, number>,
  lowestSeen: number,
): Promise<StockVerdict> {
  const sold = new Map<string, number>();
  for (const row of await db.selectFrom('orders').select('items').execute()) {
    for (const item of JSON.parse(row.items) as Array<{ _id: string; size: string; quantity: number }>) {
      const key = stockKey(item._id, item.size);
      if (initial.has(key)) sold.set(key, (sold.get(key) ?? 0) + item.quantity);
    }
  }
  const final = await readStockRows(db);
  const verdict: StockVerdict = {
    trackedSizes: initial.size,
    initialPairs: 0,
    pairsSold: 0,
    finalPairs: 0,
    soldOutSizes: 0,
    lowestSeen: Math.min(lowestSeen, ...final.values()),
    negative: [],
    unaccounted: [],
  };
  for (const [key, first] of initial) {
    const left = final.get(key) ?? Number.NaN;
    const taken = sold.get(key) ?? 0;
    verdict.initialPairs += first;
    verdict.pairsSold += taken;
    verdict.finalPairs += left;
    if (left === 0) verdict.soldOutSizes += 1;
    if (left < 0) verdict.negative.push(key);
    if (first - taken !== left) verdict.unaccounted.push(key);
  }
  return verdict;
}

function sortCart(cart: ShopperRecord['toldCart']): Array<[string, string, number]> {
  return Object.entries(cart)
    .flatMap(([id, sizes]) =>
      Object.entries(sizes).map(([size, q]): [string, string, number] => [id, size, q]),
    )
    .sort((a, b) => `${a[0]}/${a[1]}`.localeCompare(`${b[0]}/${b[1]}`));
}

export function printLoadReport(result: LoadResult, verdict: Verdict, stock?: StockVerdict): void {
  const { signUps } = result;
  const attempted =
    signUps.latenciesMs.length + Object.values(signUps.failures).reduce((sum, n) => sum + n, 0);
  console.log(
    `sign-ups: ${attempted} ${signUps.batch >= attempted ? 'at the same moment' : `${signUps.batch} at a time`}, ${signUps.latenciesMs.length} succeeded in ${(signUps.durationMs / 1000).toFixed(1)} s; ` +
      `p50 ${percentile(signUps.latenciesMs, 50).toFixed(0)} ms, p99 ${percentile(signUps.latenciesMs, 99).toFixed(0)} ms, slowest ${Math.max(0, ...signUps.latenciesMs).toFixed(0)} ms; ` +
      `${signUps.retried} needed a retry (${signUps.retries} retries); failed: ${JSON.stringify(signUps.failures)}`,
  );
  const seconds = result.durationMs / 1000;
  console.log(`shoppers: ${result.shoppers.length}, duration: ${seconds} s, requests: ${result.requests}`);
  console.log(
    `throughput: ${Math.round(result.requests / seconds)} req/s, p50 ${percentile(result.latenciesMs, 50).toFixed(1)} ms, p99 ${percentile(result.latenciesMs, 99).toFixed(1)} ms`,
  );
  console.log(
    `5xx answers: ${result.serverErrors}; GraphQL error codes: ${JSON.stringify(result.errorCodes)}`,
  );
  console.log(
    `orders acknowledged: ${verdict.acknowledgedOrders}, lost: ${verdict.lostOrders.length}, duplicated keys: ${verdict.duplicatedKeys.length}, unacknowledged in db: ${verdict.unacknowledgedOrders}`,
  );
  console.log(`carts not matching what the shopper was told: ${verdict.cartMismatches.length}`);
  console.log(
    `orders refused for stock: ${verdict.refusedForStock} (a correct answer; stored all the same: ${verdict.refusedButStored.length})`,
  );
  if (stock) {
    console.log(
      `stock: ${stock.trackedSizes} tracked sizes, ${stock.initialPairs} pairs at the start, ${stock.pairsSold} in stored orders, ` +
        `${stock.finalPairs} left (${stock.soldOutSizes} sizes sold out); lowest count seen ${stock.lowestSeen}; ` +
        `below 0: ${stock.negative.length}, not accounted for by the orders: ${stock.unaccounted.length}`,
    );
  }
}
