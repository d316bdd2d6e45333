import { request } from 'node:http';
import { describe, expect, it } from 'vitest';
import {
  ADMIN_ENV,
  adminLogin,
  NEW_SHOE,
  pngFile,
  postForm,
  productForm,
  solidPng,
} from '../support/back-office.js';
import { useStore } from '../support/bff-process.js';
import { CART_LINES, gql, type ServerCart } from '../support/graphql.js';
import { call } from '../support/http.js';
import { signUp, VALID_ADDRESS } from '../support/store-api.js';

// The back office and the store's public URL: the BFF's /api/* pass-through refuses the admin contract unless the
// shop turns ADMIN_API_FORWARDING on, GraphQL has nothing of it, and the storefront's catalogue follows what the
// back office adds and removes within the BFF's revalidation (CATALOG_TTL_MS), without a restart.

const ADMIN_PATHS = [
  '/api/user/admin',
  '/api/order/list',
  '/api/order/status',
  '/api/product/add',
  '/api/product/remove',
  '/api/product/stock',
  '/api/product/stock/low',
];
// The same calls spelt as a router might still match them.
const RESPELT = [
  '/api/ORDER/list',
  '/api//order/list',
  '/api/order/list/',
  '/api/order/%6cist',
  '/api/order/%256cist',
  '/api/order/./list',
  '/api/cart/../order/list',
  '/api/order/list;x=1',
  '/api/order/list?limit=5',
  '/api/%70roduct/remove',
];

const PRODUCT = /* GraphQL */ `
  query Product($id: ID!) {
    product(id: $id) {
      id
      name
      price
      images
      type
    }
  }
`;
const SEARCH = /* GraphQL */ `
  query Search($search: String) {
    products(filter: { search: $search }, first: 10) {
      totalCount
      nodes {
        id
      }
    }
  }
`;
const CART = /* GraphQL */ `
  query Cart {
    cart { ${CART_LINES} }
  }
`;
const UPDATE = /* GraphQL */ `
  mutation UpdateCartLine($id: ID!, $size: String!, $quantity: Int!) {
    updateCartLine(productId: $id, size: $size, quantity: $quantity) { ${CART_LINES} }
  }
`;

/** A POST with the path sent exactly as written (fetch would resolve `./` and `../` first). */
function rawPost(
  base: string,
  path: string,
  body: unknown,
  headers: Record<string, string>,
): Promise<{ status: number; body: Record<string, unknown> }> {
  const url = new URL(base);
  return new Promise((resolve, reject) => {
    const sent = request(
      {
        host: url.hostname,
        port: url.port,
        method: 'POST',
        path,
        headers: { 'content-type': 'application/json', ...headers },
      },
      (answer) => {
        let text = '';
        answer.on('data', (chunk: Buffer) => (text += chunk.toString()));
        answer.on('end', () =>
          resolve({ status: answer.statusCode ?? 0, body: JSON.parse(text) as Record<string, unknown> }),
        );
      },
    );
    sent.once('error', reject);
    sent.end(JSON.stringify(body));
  });
}

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe("the back office at the store's URL, by default", () => {
  const store = useStore({}, ADMIN_ENV);

  it('refuses every admin call at the store URL, however the path is spelt, with a valid admin token too', async () => {
    const token = await adminLogin(store().api.url);
    for (const path of [...ADMIN_PATHS, ...RESPELT]) {
      const res = await rawPost(
        store().bff.url,
        path,
        { email: 'owner@kadam.example', password: 'x', id: 'x', orderId: 'x', status: 'Shipped' },
        { token },
      );
      expect({ path, status: res.status, success: res.body.success, message: res.body.message }).toEqual({
        path,
        status: 404,
        success: false,
        message: `No such endpoint: POST ${path.split('?')[0]!}`,
      });
    }
    const upload = await postForm(
      store().bff.url,
      '/api/product/add',
      productForm(NEW_SHOE, [pngFile()]),
      token,
    );
    expect(upload).toMatchObject({ status: 404, body: { success: false } });
    // The API itself answers them, and the shopper's calls still pass.
    expect(await call(store().api.url, 'POST', '/api/order/list', {}, { headers: { token } })).toMatchObject({
      status: 200,
    });
    expect(await call(store().bff.url, 'POST', '/api/order/userorders', {})).toMatchObject({ status: 401 });
  });

  it('passes the public single-product call on', async () => {
    const [first] = (await call(store().bff.url, 'GET', '/api/product/list')).body.products as Array<{
      _id: string;
    }>;
    expect(
      await call(store().bff.url, 'POST', '/api/product/single', { productId: first!._id }),
    ).toMatchObject({
      status: 200,
      body: { success: true, product: { _id: first!._id } },
    });
  });

  it('has no GraphQL field that reaches the back office', async () => {
    const answer = await gql<{
      __schema: {
        queryType: { fields: Array<{ name: string }> };
        mutationType: { fields: Array<{ name: string }> };
      };
    }>(store().bff.url, '{ __schema { queryType { fields { name } } mutationType { fields { name } } } }');
    expect(answer.errors).toBeUndefined();
    const names = [
      ...answer.data!.__schema.queryType.fields,
      ...answer.data!.__schema.mutationType.fields,
    ].map((f) => f.name);
    expect(names.length).toBeGreaterThan(5);
    expect(
      names.filter((name) => /admin|status|allOrders|orderList|addProduct|removeProduct|upload/i.test(name)),
    ).toEqual([]);
  });
});

describe("the back office at the store's URL with ADMIN_API_FORWARDING=true", () => {
  const store = useStore({ ADMIN_API_FORWARDING: 'true' }, ADMIN_ENV);

  it('passes the admin contract on: sign-in, orders, a status change, a product upload (streamed) and its removal', async () => {
    const bff = store().bff.url;
    const token = await adminLogin(bff);
    const shopper = await signUp(bff);
    const [shoe] = (await call(bff, 'GET', '/api/product/list')).body.products as Array<{
      _id: string;
      sizes: string[];
    }>;
    const placed = await call(
      bff,
      'POST',
      '/api/order/place',
      { address: VALID_ADDRESS, items: [{ _id: shoe!._id, size: shoe!.sizes[0], quantity: 1 }] },
      { token: shopper.token },
    );
    const orderId = (placed.body.order as { _id: string })._id;

    const listed = await call(bff, 'POST', '/api/order/list', {}, { headers: { token } });
    // Oldest first, as the lineage's backend answers: the newest order is the last.
    expect((listed.body.orders as Array<{ _id: string }>).at(-1)!._id).toBe(orderId);
    expect(
      await call(bff, 'POST', '/api/order/status', { orderId, status: 'Packing' }, { headers: { token } }),
    ).toMatchObject({
      status: 200,
      body: { success: true, message: 'Status updated' },
    });
    // The shopper sees it through GraphQL (MY ORDERS).
    const mine = await gql<{ myOrders: Array<{ id: string; status: string }> }>(
      bff,
      '{ myOrders { id status } }',
      {},
      { token: shopper.token },
    );
    expect(mine.data?.myOrders.find((o) => o.id === orderId)?.status).toBe('Packing');

    // An upload larger than the BFF's own body limit (100 KiB) streams through to the API, which limits each image.
    const photo = Buffer.concat([solidPng(8, 8, [200, 100, 50]), Buffer.alloc(300 * 1024)]);
    const added = await postForm(
      bff,
      '/api/product/add',
      productForm(NEW_SHOE, [pngFile('image1', photo)]),
      token,
    );
    expect(added).toMatchObject({ status: 201, body: { success: true, message: 'Product added' } });
    const product = added.body.product as { _id: string; image: string[] };
    const image = await fetch(new URL(product.image[0]!, bff));
    expect(image.status).toBe(200);
    expect(Buffer.from(await image.arrayBuffer()).equals(photo)).toBe(true);
    expect(await call(bff, 'POST', '/api/product/remove', { id: product._id }, { token })).toMatchObject({
      status: 200,
      body: { success: true },
    });

    // Still the API's checks: no token, no back office.
    expect(await call(bff, 'POST', '/api/order/list', {})).toMatchObject({ status: 401 });
    expect(await call(bff, 'POST', '/api/order/list', {}, { token: shopper.token })).toMatchObject({
      status: 401,
    });
  });
});

describe("the storefront's catalogue follows the back office", () => {
  const store = useStore({ CATALOG_TTL_MS: '500' }, ADMIN_ENV);

  it('shows an added product through GraphQL within the revalidation, and a removed one leaves it and the carts holding it', async () => {
    const { api, bff } = store();
    const token = await adminLogin(api.url);
    // The BFF has read the catalogue before the change.
    expect(
      (await gql<{ products: { totalCount: number } }>(bff.url, SEARCH, { search: 'Zephyrine' })).data
        ?.products.totalCount,
    ).toBe(0);

    const png = solidPng(3, 3, [10, 200, 90]);
    const added = await postForm(
      api.url,
      '/api/product/add',
      productForm({ ...NEW_SHOE, name: 'Zephyrine Trail Runner' }, [pngFile('image1', png)]),
      token,
    );
    const id = (added.body.product as { _id: string })._id;
    const shown = await until(
      () =>
        gql<{ product: { id: string; name: string; price: number; images: string[]; type: string } | null }>(
          bff.url,
          PRODUCT,
          { id },
        ),
      (answer) => answer.data?.product != null,
      3000,
    );
    expect(shown.data?.product).toMatchObject({
      id,
      name: 'Zephyrine Trail Runner',
      price: 3299,
      type: 'SPORTS_SHOES',
    });
    const searched = await until(
      () =>
        gql<{ products: { totalCount: number; nodes: Array<{ id: string }> } }>(bff.url, SEARCH, {
          search: 'Zephyrine',
        }),
      (answer) => answer.data?.products.totalCount === 1,
      3000,
    );
    expect(searched.data?.products.nodes.map((n) => n.id)).toEqual([id]);
    // Its image at the store's URL, as the storefront shows it.
    const image = await fetch(new URL(shown.data!.product!.images[0]!, bff.url));
    expect(image.status).toBe(200);
    expect(Buffer.from(await image.arrayBuffer()).equals(png)).toBe(true);

    const shopper = await signUp(bff.url);
    const carted = await gql(bff.url, UPDATE, { id, size: '8', quantity: 1 }, { token: shopper.token });
    expect(carted.errors).toBeUndefined();

    expect(await call(api.url, 'POST', '/api/product/remove', { id }, { headers: { token } })).toMatchObject({
      status: 200,
    });
    const gone = await until(
      () => gql<{ product: unknown }>(bff.url, PRODUCT, { id }),
      (answer) => answer.data?.product === null,
      3000,
    );
    expect(gone.data?.product).toBeNull();
    const unsearched = await until(
      () => gql<{ products: { totalCount: number } }>(bff.url, SEARCH, { search: 'Zephyrine' }),
      (answer) => answer.data?.products.totalCount === 0,
      3000,
    );
    expect(unsearched.data?.products.totalCount).toBe(0);
    // The cart keeps the line, whose product is gone (null above): the storefront shows 'Product not found for ID: {id}'.
    const cart = await gql<{ cart: ServerCart }>(bff.url, CART, {}, { token: shopper.token });
    expect(cart.data?.cart.lines).toEqual([{ productId: id, size: '8', quantity: 1 }]);
  });
});
