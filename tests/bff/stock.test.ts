import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { StoreDatabase } from '../../api/src/db/database.js';
import { stockRefusalMessage, type StockShortfall } from '#domain/stock';
import type { RunningService } from '../../scripts/service-process.js';
import { startBff, useStore, type Store } from '../support/bff-process.js';
import { openStoreDatabase } from '../support/databases.js';
import { writeServerHalf } from '../support/stand-in-build.js';
import { CART_LINES, codesOf, gql, type ServerCart } from '../support/graphql.js';
import { startLineageBackend, type LineageBackend } from '../support/lineage-backend.js';
import { listProducts, VALID_ADDRESS, type CatalogProduct } from '../support/store-api.js';
import { readStockRows, setStockRows, stockKey } from '../support/stock-rows.js';

// Stock per size through the BFF (issue 28): Product.stock and soldOut from the REST products' optional `lowStock`,
// the in-stock filter on both kinds of catalogue, and the refusal of an order for stock as OUT_OF_STOCK with the
// lines it names. A backend without stock (the seed's) has every size in stock.

/** How long the BFFs below trust a catalogue version: a stock change shows once it has passed. */
const TTL_MS = 300;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const afterTheTtl = () => sleep(TTL_MS + 150);

interface SizeStock {
  size: string;
  inStock: boolean;
  left: number | null;
}
interface StockedProduct {
  id: string;
  category: string;
  type: string;
  sizes: string[];
  soldOut: boolean;
  stock: SizeStock[];
}
interface Facets {
  categories: Array<{ category: string; count: number }>;
  types: Array<{ type: string; count: number }>;
}
interface StockPage {
  products: { totalCount: number; nodes: StockedProduct[]; facets: Facets };
}

const PRODUCT_FIELDS = 'id category type sizes soldOut stock { size inStock left }';
const PRODUCT = `query($id: ID!) { product(id: $id) { ${PRODUCT_FIELDS} } }`;
const PAGE = `query($filter: ProductFilter) { products(filter: $filter, first: 100) {
  totalCount nodes { ${PRODUCT_FIELDS} } facets { categories { category count } types { type count } } } }`;
const REGISTER = 'mutation($input: RegisterInput!) { register(input: $input) { token } }';
const UPDATE = `mutation($productId: ID!, $size: String!, $quantity: Int!) { updateCartLine(productId: $productId, size: $size, quantity: $quantity) { ${CART_LINES} } }`;
const PLACE =
  'mutation($input: PlaceOrderInput!) { placeOrder(input: $input) { replayed order { id items { productId size quantity } } } }';
const MY_ORDERS = '{ myOrders { id } }';

interface ShortfallError {
  message: string;
  extensions?: { code?: string; shortfalls?: StockShortfall[] };
}
interface PlaceAnswer {
  placeOrder: {
    replayed: boolean;
    order: { id: string; items: Array<{ productId: string; size: string; quantity: number }> } | null;
  } | null;
}

async function product(bff: string, id: string): Promise<StockedProduct> {
  const answer = await gql<{ product: StockedProduct | null }>(bff, PRODUCT, { id });
  expect(answer.errors).toBeUndefined();
  return answer.data!.product!;
}

async function page(bff: string, filter: Record<string, unknown> = {}): Promise<StockPage['products']> {
  const answer = await gql<StockPage>(bff, PAGE, { filter });
  expect(answer.errors).toBeUndefined();
  return answer.data!.products;
}

/** Every size in stock with no count shown: what a product of a backend without stock is. */
const allInStock = (sizes: readonly string[]): SizeStock[] =>
  sizes.map((size) => ({ size, inStock: true, left: null }));

/** The facets a page of these products would have, with no category or type chosen. */
function facetsOf(products: readonly StockedProduct[], like: Facets): Facets {
  return {
    categories: like.categories.map(({ category }) => ({
      category,
      count: products.filter((p) => p.category === category).length,
    })),
    types: like.types.map(({ type }) => ({ type, count: products.filter((p) => p.type === type).length })),
  };
}

/** The in-stock filter keeps exactly the products not sold out, and counts its total and facets over them. */
async function expectInStockFilterToMatch(
  bff: string,
): Promise<{ all: StockPage['products']; inStock: StockPage['products'] }> {
  const all = await page(bff);
  expect(all.nodes).toHaveLength(all.totalCount);
  const inStock = await page(bff, { inStock: true });
  const sellable = all.nodes.filter((p) => !p.soldOut);
  expect(inStock.nodes.map((p) => p.id)).toEqual(sellable.map((p) => p.id));
  expect(inStock.totalCount).toBe(sellable.length);
  expect(inStock.facets).toEqual(facetsOf(sellable, all.facets));
  // false is the same as no filter.
  expect((await page(bff, { inStock: false })).totalCount).toBe(all.totalCount);
  return { all, inStock };
}

async function register(bff: string): Promise<string> {
  const answer = await gql<{ register: { token: string } }>(bff, REGISTER, {
    input: { name: 'Asha Rao', email: `stock-${randomUUID()}@example.com`, password: 'correct horse 1' },
  });
  expect(answer.errors).toBeUndefined();
  return answer.data!.register.token;
}

const byLine = (a: StockShortfall, b: StockShortfall) =>
  `${a.productId}/${a.size}`.localeCompare(`${b.productId}/${b.size}`);

// A stand-in web build with a server half, as in page-rendering.test.ts: it renders a product page and the collection
// with the stock the page's data asks for, printed as JSON in the page.
const webRoot = mkdtempSync(path.join(tmpdir(), 'store-stock-web-'));
const webDist = path.join(webRoot, 'dist');
mkdirSync(webDist);
writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>shell</title>');
writeFileSync(path.join(webDist, 'app-shell.html'), '<!doctype html><title>app shell</title>');
writeServerHalf(webDist, {
  entry: 'entry-server-stock.js',
  source: `export async function renderPageWithData(template, url, execute) {
    const product = /^\\/product\\/([^/?]+)/.exec(url);
    const result = product
      ? await execute({ query: 'query P($id: ID!) { product(id: $id) { id soldOut stock { size inStock left } } }', variables: { id: decodeURIComponent(product[1]) }, operationName: 'P' })
      : url.startsWith('/collection')
        ? await execute({ query: 'query C($inStock: Boolean) { products(first: 100, filter: { inStock: $inStock }) { totalCount nodes { id soldOut } } }', variables: { inStock: url.includes('inStock=1') }, operationName: 'C' })
        : undefined;
    if (result === undefined || result.errors) return undefined;
    return { status: 200, html: template.replace('<div id="root"></div>', '<script type="application/json">' + JSON.stringify(result.data) + '</script>') };
  }\n`,
  template: '<!doctype html><title>page</title><div id="root"></div>',
});
afterAll(() => rmSync(webRoot, { recursive: true, force: true }));

/** The data a rendered page was rendered with. */
async function renderedData<T>(bff: string, url: string): Promise<T> {
  const response = await fetch(new URL(url, bff));
  expect(response.status).toBe(200);
  const match = /<script type="application\/json">(.*)<\/script>/.exec(await response.text());
  expect(match, `${url} was rendered with its data`).not.toBeNull();
  return JSON.parse(match![1]!) as T;
}

/** A real API and BFF, the API's database opened beside it to set stock as the back office does. */
function useStockedStore(apiEnv: Record<string, string> = {}) {
  const store = useStore({ CATALOG_TTL_MS: String(TTL_MS), WEB_DIST: webDist }, apiEnv);
  let database: StoreDatabase | undefined;
  let shoes: CatalogProduct[] = [];
  beforeAll(async () => {
    database = openStoreDatabase({}, store().api.dataDir);
    shoes = await listProducts(store().api.url);
  });
  afterAll(async () => {
    await database?.destroy();
  });
  return {
    store: (): Store => store(),
    bff: () => store().bff.url,
    db: () => database!.db,
    shoe: (index: number): CatalogProduct => shoes[index]!,
  };
}

describe('stock on our API (the catalogue query)', () => {
  const { bff, db, shoe } = useStockedStore();

  it('has every size in stock and nothing sold out while no stock is counted, and the filter then keeps everything', async () => {
    const shown = await product(bff(), shoe(0)._id);
    expect(shown.stock).toEqual(allInStock(shoe(0).sizes));
    expect(shown.soldOut).toBe(false);
    const { all, inStock } = await expectInStockFilterToMatch(bff());
    expect(inStock.totalCount).toBe(all.totalCount);
  });

  it('shows low and sold-out sizes from the counts, fresh in product answers once the catalogue TTL has passed', async () => {
    const [low, gone] = [shoe(1), shoe(2)];
    // Answered once, so the response cache holds the answer computed before the change.
    expect((await product(bff(), low._id)).stock).toEqual(allInStock(low.sizes));
    expect((await product(bff(), gone._id)).soldOut).toBe(false);
    const [s0, s1, s2] = low.sizes as [string, string, string];
    await setStockRows(db(), [
      { productId: low._id, size: s0, quantity: 0 },
      { productId: low._id, size: s1, quantity: 2 },
      { productId: low._id, size: s2, quantity: 40 },
      ...gone.sizes.map((size) => ({ productId: gone._id, size, quantity: 0 })),
    ]);
    await afterTheTtl();
    const lowNow = await product(bff(), low._id);
    expect(lowNow.stock).toEqual(
      low.sizes.map((size) =>
        size === s0
          ? { size, inStock: false, left: 0 }
          : size === s1
            ? { size, inStock: true, left: 2 }
            : { size, inStock: true, left: null },
      ),
    );
    expect(lowNow.soldOut).toBe(false);
    const goneNow = await product(bff(), gone._id);
    expect(goneNow.stock).toEqual(gone.sizes.map((size) => ({ size, inStock: false, left: 0 })));
    expect(goneNow.soldOut).toBe(true);

    // Restocked: shown again once the TTL has passed, in the collection's answers too.
    await setStockRows(db(), [{ productId: gone._id, size: gone.sizes[0]!, quantity: 8 }]);
    await afterTheTtl();
    const back = (await page(bff(), { ids: [gone._id] })).nodes[0]!;
    expect(back.soldOut).toBe(false);
    expect(back.stock[0]).toEqual({ size: gone.sizes[0], inStock: true, left: null });
  });

  it('filters the collection to products in stock in the database, with its total and facets counted so', async () => {
    const sold = [shoe(3), shoe(10), shoe(30)];
    await setStockRows(
      db(),
      sold.flatMap((p) => p.sizes.map((size) => ({ productId: p._id, size, quantity: 0 }))),
    );
    await afterTheTtl();
    const { all, inStock } = await expectInStockFilterToMatch(bff());
    expect(all.nodes.filter((p) => p.soldOut).map((p) => p.id)).toEqual(
      expect.arrayContaining(sold.map((p) => p._id)),
    );
    expect(inStock.nodes.map((p) => p.id)).not.toContain(sold[0]!._id);
    // With other filters: only the ids asked for that are in stock.
    const asked = await page(bff(), { ids: [sold[0]!._id, shoe(4)._id], inStock: true });
    expect(asked.nodes.map((p) => p.id)).toEqual([shoe(4)._id]);
    expect(asked.totalCount).toBe(1);
  });

  it('renders product and collection pages with the stock they ask for, rendered again after a stock change', async () => {
    const [shown, gone] = [shoe(5), shoe(8)];
    type ProductPage = { product: { id: string; soldOut: boolean; stock: SizeStock[] } };
    const before = await renderedData<ProductPage>(bff(), `/product/${shown._id}`);
    expect(before.product.stock).toEqual(allInStock(shown.sizes));
    await setStockRows(db(), [
      ...shown.sizes.map((size, i) => ({ productId: shown._id, size, quantity: i === 0 ? 1 : 0 })),
      ...gone.sizes.map((size) => ({ productId: gone._id, size, quantity: 0 })),
    ]);
    await afterTheTtl();
    const after = await renderedData<ProductPage>(bff(), `/product/${shown._id}`);
    expect(after.product.stock).toEqual(
      shown.sizes.map((size, i) => ({ size, inStock: i === 0, left: i === 0 ? 1 : 0 })),
    );
    expect(after.product.soldOut).toBe(false);

    type CollectionPage = {
      products: { totalCount: number; nodes: Array<{ id: string; soldOut: boolean }> };
    };
    const collection = await renderedData<CollectionPage>(bff(), '/collection');
    const inStock = await renderedData<CollectionPage>(bff(), '/collection?inStock=1');
    const soldOut = collection.products.nodes.filter((p) => p.soldOut).map((p) => p.id);
    expect(soldOut).toContain(gone._id);
    expect(inStock.products.totalCount).toBe(collection.products.totalCount - soldOut.length);
  });

  it('refuses an order it cannot fill as OUT_OF_STOCK naming every short line; nothing is placed, the cart and stock stay', async () => {
    const shoeToOrder = shoe(6);
    const [s0, s1, s2] = shoeToOrder.sizes as [string, string, string];
    await setStockRows(db(), [
      { productId: shoeToOrder._id, size: s0, quantity: 0 },
      { productId: shoeToOrder._id, size: s1, quantity: 1 },
    ]);
    const token = await register(bff());
    const cartLine = { productId: shoeToOrder._id, size: s2, quantity: 1 };
    expect((await gql(bff(), UPDATE, cartLine, { token })).errors).toBeUndefined();
    const stockBefore = await readStockRows(db());

    const lines = [
      { productId: shoeToOrder._id, size: s0, quantity: 1 },
      { productId: shoeToOrder._id, size: s1, quantity: 2 },
      { productId: shoeToOrder._id, size: s2, quantity: 1 },
    ];
    const input = { address: VALID_ADDRESS, lines, idempotencyKey: randomUUID() };
    const refused = await gql<PlaceAnswer>(bff(), PLACE, { input }, { token });
    expect(codesOf(refused)).toEqual(['OUT_OF_STOCK']);
    const error = refused.errors![0] as ShortfallError;
    const expected: StockShortfall[] = [
      { productId: shoeToOrder._id, name: shoeToOrder.name, size: s0, requested: 1, left: 0 },
      { productId: shoeToOrder._id, name: shoeToOrder.name, size: s1, requested: 2, left: 1 },
    ];
    expect([...(error.extensions?.shortfalls ?? [])].sort(byLine)).toEqual([...expected].sort(byLine));
    expect(error.message.split('; ').sort()).toEqual(stockRefusalMessage(expected).split('; ').sort());
    expect(refused.data?.placeOrder ?? null).toBeNull();

    expect((await gql<{ myOrders: unknown[] }>(bff(), MY_ORDERS, {}, { token })).data?.myOrders).toEqual([]);
    expect(
      (await gql<{ cart: ServerCart }>(bff(), `{ cart { ${CART_LINES} } }`, {}, { token })).data?.cart.lines,
    ).toEqual([cartLine]);
    expect(await readStockRows(db())).toEqual(stockBefore);

    // Restocked, the same cart under the same key is placed: the refusal was not kept as the attempt's outcome.
    await setStockRows(db(), [
      { productId: shoeToOrder._id, size: s0, quantity: 5 },
      { productId: shoeToOrder._id, size: s1, quantity: 2 },
    ]);
    const placed = await gql<PlaceAnswer>(bff(), PLACE, { input }, { token });
    expect(placed.errors).toBeUndefined();
    expect(placed.data?.placeOrder?.replayed).toBe(false);
    expect(placed.data?.placeOrder?.order?.items).toHaveLength(3);
    const stockAfter = await readStockRows(db());
    expect(stockAfter.get(stockKey(shoeToOrder._id, s0))).toBe(4);
    expect(stockAfter.get(stockKey(shoeToOrder._id, s1))).toBe(0);
    // The size it took the last of is sold out in the BFF's answers once the TTL has passed.
    await afterTheTtl();
    expect((await product(bff(), shoeToOrder._id)).stock.find((s) => s.size === s1)).toEqual({
      size: s1,
      inStock: false,
      left: 0,
    });
  });
});

describe('stock on our API answering failures with status 200 (FAILURES_AS_200)', () => {
  const { bff, db, shoe } = useStockedStore({ FAILURES_AS_200: 'true' });

  it('maps the refusal for stock the same way', async () => {
    const shoeToOrder = shoe(7);
    const size = shoeToOrder.sizes[0]!;
    await setStockRows(db(), [{ productId: shoeToOrder._id, size, quantity: 1 }]);
    const token = await register(bff());
    const input = {
      address: VALID_ADDRESS,
      lines: [{ productId: shoeToOrder._id, size, quantity: 3 }],
      idempotencyKey: randomUUID(),
    };
    const refused = await gql<PlaceAnswer>(bff(), PLACE, { input }, { token });
    expect(codesOf(refused)).toEqual(['OUT_OF_STOCK']);
    const error = refused.errors![0] as ShortfallError;
    expect(error.message).toBe(`Only 1 left of ${shoeToOrder.name}, ${size}`);
    expect(error.extensions?.shortfalls).toEqual([
      { productId: shoeToOrder._id, name: shoeToOrder.name, size, requested: 3, left: 1 },
    ]);
    expect((await gql<{ myOrders: unknown[] }>(bff(), MY_ORDERS, {}, { token })).data?.myOrders).toEqual([]);
  });
});

// The seed's backend keeps no stock: its products have no `lowStock`, so everything is available.
describe('stock on a backend of the seed kind (the list catalogue)', () => {
  let backend: LineageBackend;
  let bff: RunningService;
  beforeAll(async () => {
    backend = await startLineageBackend();
    bff = await startBff(backend.url, { CATALOG_TTL_MS: '0' });
  });
  afterAll(async () => {
    await bff.stop();
    await backend.stop();
  });
  beforeEach(() => {
    for (const listed of backend.products) Reflect.deleteProperty(listed, 'lowStock');
  });

  it('has every size of every product in stock, nothing sold out, and the filter keeps everything', async () => {
    const { all, inStock } = await expectInStockFilterToMatch(bff.url);
    expect(all.totalCount).toBe(backend.products.length);
    for (const shown of all.nodes) {
      expect(shown.stock).toEqual(allInStock(shown.sizes));
      expect(shown.soldOut).toBe(false);
    }
    expect(inStock.totalCount).toBe(all.totalCount);
  });

  it('filters a list that carries stock in memory, counted the same way, and reads a malformed lowStock as none', async () => {
    const [gone, low, garbled] = [backend.products[0]!, backend.products[1]!, backend.products[2]!];
    Object.assign(gone, { lowStock: Object.fromEntries(gone.sizes.map((size) => [size, 0])) });
    Object.assign(low, { lowStock: { [low.sizes[0]!]: 1 } });
    Object.assign(garbled, { lowStock: { [garbled.sizes[0]!]: 'none left' } });
    const { all, inStock } = await expectInStockFilterToMatch(bff.url);
    expect(all.totalCount).toBe(backend.products.length);
    expect(all.nodes.find((p) => p.id === gone._id)?.soldOut).toBe(true);
    expect(inStock.totalCount).toBe(backend.products.length - 1);
    expect(inStock.nodes.map((p) => p.id)).not.toContain(gone._id);
    expect((await product(bff.url, low._id)).stock[0]).toEqual({
      size: low.sizes[0],
      inStock: true,
      left: 1,
    });
    const garbledShown = await product(bff.url, garbled._id);
    expect([garbledShown.stock, garbledShown.soldOut]).toEqual([allInStock(garbled.sizes), false]);
  });
});

// A stand-in of our API's catalogue query and order placement, answering what a test sets: what the BFF asks of it,
// and how it reads a malformed product stock or refusal.
describe('stock from a stand-in backend', () => {
  let server: Server;
  let bff: RunningService;
  const queries: URLSearchParams[] = [];
  let placings = 0;
  let placeAnswer: { status: number; body: unknown } = { status: 200, body: {} };
  const shoe = (id: string, extra: Record<string, unknown> = {}) => ({
    _id: id,
    name: `Shoe ${id}`,
    description: 'A shoe',
    price: 1000,
    image: [],
    category: 'Men',
    subCategory: 'Sneakers',
    sizes: ['UK 8', 'UK 9'],
    bestseller: false,
    date: 1,
    ...extra,
  });
  const catalogue = [
    shoe('low', { lowStock: { 'UK 8': 0, 'UK 9': 3 } }),
    shoe('text', { lowStock: 'lots' }),
    shoe('negative', { lowStock: { 'UK 8': -2 } }),
    shoe('sold', { lowStock: { 'UK 8': 0, 'UK 9': 0 } }),
  ];

  function answer(request: IncomingMessage, response: ServerResponse): ServerResponse {
    const url = new URL(request.url ?? '/', 'http://stand-in');
    const json = (status: number, body: unknown) =>
      response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    if (url.pathname === '/api/product/query') {
      queries.push(url.searchParams);
      const ids = url.searchParams.get('ids')?.split(',');
      const products = catalogue.filter((p) => ids === undefined || ids.includes(p._id));
      return json(200, {
        success: true,
        products: Number(url.searchParams.get('limit')) === 0 ? [] : products,
        total: products.length,
        facets: { category: { Men: products.length }, subCategory: { Sneakers: products.length } },
        nextCursor: null,
        version: 'v1',
        imageOrigins: [],
      });
    }
    if (url.pathname === '/api/user/profile')
      return json(200, { success: true, user: { _id: 'u1', name: 'Asha', email: null } });
    if (url.pathname === '/api/order/userorders') return json(200, { success: true, orders: [] });
    if (url.pathname === '/api/order/place') {
      placings += 1;
      return json(placeAnswer.status, placeAnswer.body);
    }
    return json(404, { success: false, message: 'Not found' });
  }

  beforeAll(async () => {
    server = createServer((request, response) => {
      request.resume();
      request.on('end', () => answer(request, response));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    bff = await startBff(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
  });
  afterAll(async () => {
    await bff.stop();
    await new Promise((resolve) => server.close(resolve));
  });

  it("shows the query's low counts, reads a malformed lowStock as every size in stock, and asks inStock only when filtered", async () => {
    queries.length = 0;
    const all = await page(bff.url);
    const byId = new Map(all.nodes.map((p) => [p.id, p]));
    expect(byId.get('low')?.stock).toEqual([
      { size: 'UK 8', inStock: false, left: 0 },
      { size: 'UK 9', inStock: true, left: 3 },
    ]);
    expect(byId.get('sold')?.soldOut).toBe(true);
    for (const id of ['text', 'negative']) {
      expect([byId.get(id)?.stock, byId.get(id)?.soldOut]).toEqual([allInStock(['UK 8', 'UK 9']), false]);
    }
    const pageQueries = () => queries.filter((q) => q.get('facets') === 'true').map((q) => q.get('inStock'));
    expect(pageQueries()).toEqual([null]);
    // The backend's query filters, totals and counts: the BFF passes the filter on.
    await page(bff.url, { inStock: true });
    expect(pageQueries()).toEqual([null, 'true']);
  });

  const place = (key = randomUUID()) =>
    gql<PlaceAnswer>(
      bff.url,
      PLACE,
      {
        input: {
          address: VALID_ADDRESS,
          lines: [{ productId: 'low', size: 'UK 9', quantity: 5 }],
          idempotencyKey: key,
        },
      },
      { token: 'stand.in.token' },
    );
  const refusal = { success: false, code: 'OUT_OF_STOCK', message: 'Only 3 left of Shoe low, UK 9' };
  const shortfall = { _id: 'low', name: 'Shoe low', size: 'UK 9', requested: 5, left: 3 };

  it('maps a 409 OUT_OF_STOCK to the error with its shortfalls, and a retry of the key is sent again, not replayed', async () => {
    placeAnswer = { status: 409, body: { ...refusal, shortfalls: [shortfall] } };
    placings = 0;
    const key = randomUUID();
    for (let attempt = 1; attempt <= 2; attempt += 1) {
      const refused = await place(key);
      expect(codesOf(refused)).toEqual(['OUT_OF_STOCK']);
      expect(refused.errors?.[0]?.message).toBe(refusal.message);
      expect((refused.errors![0] as ShortfallError).extensions?.shortfalls).toEqual([
        { productId: 'low', name: 'Shoe low', size: 'UK 9', requested: 5, left: 3 },
      ]);
      expect(placings).toBe(attempt);
    }
  });

  it('maps a 200 with success false and the code (FAILURES_AS_200) the same way', async () => {
    placeAnswer = { status: 200, body: { ...refusal, shortfalls: [shortfall] } };
    const refused = await place();
    expect(codesOf(refused)).toEqual(['OUT_OF_STOCK']);
    expect((refused.errors![0] as ShortfallError).extensions?.shortfalls).toHaveLength(1);
  });

  it('keeps the code and message of a refusal whose shortfalls cannot be read, with none', async () => {
    for (const shortfalls of ['three', [{ ...shortfall, left: 'few' }], [{ name: 'no id' }]]) {
      placeAnswer = { status: 409, body: { ...refusal, shortfalls } };
      const refused = await place();
      expect(codesOf(refused)).toEqual(['OUT_OF_STOCK']);
      expect(refused.errors?.[0]?.message).toBe(refusal.message);
      expect((refused.errors![0] as ShortfallError).extensions?.shortfalls).toEqual([]);
    }
  });

  it('leaves a 409 without the code what it was', async () => {
    placeAnswer = {
      status: 409,
      body: { success: false, message: 'Prices have changed: your order total is now ₹5010.' },
    };
    const refused = await place();
    expect(codesOf(refused)).toEqual(['BAD_USER_INPUT']);
    expect(refused.errors?.[0]?.message).toMatch(/^Prices have changed/);
    expect((refused.errors![0] as ShortfallError).extensions?.shortfalls).toBeUndefined();
  });
});
