import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { crc32 } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_ENV,
  adminLogin,
  greyJpeg,
  NEW_SHOE,
  pngFile,
  postForm,
  productForm,
  SCRIPTED_SVG,
  solidPng,
  TINY_WEBP,
  type FormFile,
} from '../support/back-office.js';
import { BACKENDS } from '../support/databases.js';
import { call } from '../support/http.js';
import { listProducts, signUp, useApi, VALID_ADDRESS } from '../support/store-api.js';

// The admin contract's products: POST /api/product/add (multipart, with real images), /api/product/remove and
// /api/product/single, on the catalogue's one write path (the list, the version and the search index follow).

const IMAGE_LIMIT = 64 * 1024;

interface AddedProduct {
  _id: string;
  name: string;
  description: string;
  price: number;
  image: string[];
  category: string;
  subCategory: string;
  sizes: string[];
  bestseller: boolean;
  date: number;
}

describe.each(BACKENDS)('products from the back office on %s', (backend) => {
  const api = useApi(backend, { ...ADMIN_ENV, IMAGE_UPLOAD_MAX_BYTES: String(IMAGE_LIMIT) });
  let admin: string;
  beforeAll(async () => {
    admin = await adminLogin(api().url);
  });

  const add = (fields: Record<string, string>, files: FormFile[]) =>
    postForm(api().url, '/api/product/add', productForm(fields, files), admin);
  const uploads = () => {
    const dir = path.join(api().dataDir, 'uploads');
    return existsSync(dir) ? readdirSync(dir) : [];
  };
  const search = async (q: string) => {
    const res = await call(api().url, 'GET', `/api/product/query?q=${encodeURIComponent(q)}&facets=false`);
    return res.body as { total: number; products: Array<{ _id: string }>; version: string };
  };

  it("adds a product from the admin app's form with a PNG, a JPEG and a WebP, served at the store's image URLs", async () => {
    const png = solidPng(6, 4, [41, 128, 185]);
    const jpeg = greyJpeg();
    const res = await add(
      { ...NEW_SHOE, name: 'Quokka Canvas Sneaker', subCategory: 'Sneakers', price: '1899.50' },
      [
        { field: 'image2', bytes: jpeg, filename: 'side.jpeg', type: 'image/jpeg' },
        { field: 'image1', bytes: png, filename: 'front.png', type: 'image/png' },
        { field: 'image4', bytes: TINY_WEBP, filename: 'sole.webp', type: 'image/webp' },
      ],
    );
    expect(res).toMatchObject({ status: 201, body: { success: true, message: 'Product added' } });
    const product = res.body.product as AddedProduct;
    expect(product).toMatchObject({
      name: 'Quokka Canvas Sneaker',
      description: NEW_SHOE.description,
      price: 1899.5,
      category: 'Men',
      subCategory: 'Sneakers',
      sizes: ['7', '8', '9', '10'],
      bestseller: true,
    });
    expect(product._id).toMatch(/^[0-9a-f]{24}$/);
    // image1, image2, image4 in that order, whatever order the form sent them in; named by their content.
    expect(product.image).toHaveLength(3);
    expect(product.image[0]).toMatch(/^\/images\/uploads\/[0-9a-f]{64}\.png$/);
    expect(product.image[1]).toMatch(/^\/images\/uploads\/[0-9a-f]{64}\.jpg$/);
    expect(product.image[2]).toMatch(/^\/images\/uploads\/[0-9a-f]{64}\.webp$/);

    for (const [url, bytes, type] of [
      [product.image[0]!, png, 'image/png'],
      [product.image[1]!, jpeg, 'image/jpeg'],
      [product.image[2]!, TINY_WEBP, 'image/webp'],
    ] as const) {
      const image = await fetch(new URL(url, api().url));
      expect(image.status).toBe(200);
      expect(image.headers.get('content-type')).toBe(type);
      expect(image.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
      expect(image.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(image.headers.get('x-content-type-options')).toBe('nosniff');
      expect(Buffer.from(await image.arrayBuffer()).equals(bytes)).toBe(true);
    }

    // HEAD and revalidation as for any file; nothing but a finished upload's name is found.
    const first = new URL(product.image[0]!, api().url);
    const head = await fetch(first, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe(String(png.length));
    // fetch sends Cache-Control: no-cache with a condition unless told otherwise, and no-cache is never answered 304.
    const revalidation = { 'if-none-match': head.headers.get('etag')!, 'cache-control': 'max-age=0' };
    expect((await fetch(first, { headers: revalidation })).status).toBe(304);
    const name = first.pathname.split('/').pop()!;
    for (const other of [`${name}.partial`, name.toUpperCase(), 'x.png', '..%2Fstore.db', `${name}/x`]) {
      expect((await fetch(new URL(`/images/uploads/${other}`, api().url))).status, other).toBe(404);
    }

    const listed = await listProducts(api().url);
    expect(listed.at(-1)).toMatchObject({ _id: product._id, image: product.image });
    expect(await call(api().url, 'POST', '/api/product/single', { productId: product._id })).toMatchObject({
      status: 200,
      body: { success: true, product },
    });

    // The same image again is the same file.
    const again = await add({ ...NEW_SHOE, name: 'Quokka Canvas Sneaker II' }, [pngFile('image1', png)]);
    expect((again.body.product as AddedProduct).image).toEqual([product.image[0]]);
  });

  it('refuses an SVG (whatever it is called), a GIF or any other bytes, and stores nothing', async () => {
    const before = uploads();
    const count = (await listProducts(api().url)).length;
    const refusals: Array<[FormFile, string]> = [
      [
        { field: 'image1', bytes: SCRIPTED_SVG, filename: 'shoe.svg', type: 'image/svg+xml' },
        'image1 is not a JPEG, PNG or WebP image',
      ],
      [
        { field: 'image1', bytes: SCRIPTED_SVG, filename: 'shoe.png', type: 'image/png' },
        'image1 is not a JPEG, PNG or WebP image',
      ],
      [
        {
          field: 'image3',
          bytes: Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1'),
          filename: 'a.gif',
          type: 'image/gif',
        },
        'image3 is not a JPEG, PNG or WebP image',
      ],
      [
        {
          field: 'image2',
          bytes: Buffer.from('<html><script>alert(1)</script></html>'),
          filename: 'a.jpg',
          type: 'image/jpeg',
        },
        'image2 is not a JPEG, PNG or WebP image',
      ],
    ];
    for (const [file, message] of refusals) {
      const res = await add(NEW_SHOE, [pngFile('image4'), file]);
      expect(res).toMatchObject({ status: 415, body: { success: false, message } });
    }
    expect(uploads()).toEqual(before);
    expect(await listProducts(api().url)).toHaveLength(count);
  });

  it('refuses an image over IMAGE_UPLOAD_MAX_BYTES', async () => {
    // The size alone is refused: a PNG's bytes, padded past the limit.
    const padded = Buffer.concat([solidPng(2, 2, [1, 2, 3]), Buffer.alloc(IMAGE_LIMIT)]);
    const res = await add(NEW_SHOE, [pngFile('image1', padded)]);
    expect(res).toMatchObject({
      status: 413,
      body: { success: false, message: 'image1 is larger than 64 KiB' },
    });
    const five = await add(
      NEW_SHOE,
      ['image1', 'image2', 'image3', 'image4', 'image5'].map((field) => pngFile(field)),
    );
    expect(five).toMatchObject({
      status: 413,
      body: { success: false, message: 'At most 4 images can be sent (image1, image2, image3, image4)' },
    });
  });

  it('refuses a photo over the pixel limit, or whose header does not read, from its header alone, and stores nothing', async () => {
    const before = uploads();
    // A PNG of a few hundred bytes declaring 30000 × 30000 pixels: a decompression bomb for whoever decodes it.
    const bomb = solidPng(1, 1, [0, 0, 0]);
    bomb.writeUInt32BE(30_000, 16);
    bomb.writeUInt32BE(30_000, 20);
    bomb.writeUInt32BE(crc32(bomb.subarray(12, 29)), 29);
    const huge = await add(NEW_SHOE, [pngFile('image1'), pngFile('image2', bomb)]);
    expect(huge).toMatchObject({
      status: 413,
      body: {
        success: false,
        message: 'image2: The image is 30000 × 30000 pixels; at most 50 megapixels are taken',
      },
    });
    const broken = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(64, 7)]);
    const unreadable = await add(NEW_SHOE, [
      { field: 'image1', bytes: broken, filename: 'shoe.jpg', type: 'image/jpeg' },
    ]);
    expect(unreadable).toMatchObject({
      status: 415,
      body: { success: false, message: 'image1: The file is not an image that can be read' },
    });
    expect(uploads()).toEqual(before);
  });

  it('refuses a product the catalogue could not show, naming the field', async () => {
    const count = (await listProducts(api().url)).length;
    const { name: _name, ...withoutName } = NEW_SHOE;
    const cases: Array<[Record<string, string>, FormFile[], string]> = [
      [withoutName, [pngFile()], 'name is required'],
      [{ ...NEW_SHOE, name: '   ' }, [pngFile()], 'name is required'],
      [{ ...NEW_SHOE, name: 'x'.repeat(121) }, [pngFile()], 'name must be at most 120 characters'],
      [
        { ...NEW_SHOE, price: 'free' },
        [pngFile()],
        'price must be a number above 0 with at most 2 decimals, such as 1499 or 899.50',
      ],
      [{ ...NEW_SHOE, price: '0' }, [pngFile()], 'price must be above 0'],
      [{ ...NEW_SHOE, category: 'Kids' }, [pngFile()], 'category must be one of Men, Women'],
      [
        { ...NEW_SHOE, subCategory: 'Boots' },
        [pngFile()],
        'subCategory must be one of Sports Shoes, Sneakers, Leather Shoes, Slippers, Sandals',
      ],
      [
        { ...NEW_SHOE, sizes: '7,8,9' },
        [pngFile()],
        'sizes must be a JSON array of size labels, such as ["7","8","9"]',
      ],
      [{ ...NEW_SHOE, sizes: '[]' }, [pngFile()], 'sizes needs at least one size'],
      [{ ...NEW_SHOE, bestseller: 'yes' }, [pngFile()], 'bestseller must be "true" or "false"'],
      [NEW_SHOE, [], 'Add at least one image (image1, image2, image3, image4)'],
      [
        NEW_SHOE,
        [pngFile('image1', Buffer.alloc(0))],
        'Add at least one image (image1, image2, image3, image4)',
      ],
      [
        NEW_SHOE,
        [pngFile('photo')],
        'Unknown file field: photo (send images as image1, image2, image3, image4)',
      ],
      [NEW_SHOE, [pngFile('image1'), pngFile('image1')], 'image1 is sent twice'],
    ];
    for (const [fields, files, message] of cases) {
      const res = await add(fields, files);
      expect({ message, status: res.status, body: res.body }).toEqual({
        message,
        status: 400,
        body: { success: false, message },
      });
    }
    expect(await listProducts(api().url)).toHaveLength(count);

    const json = await call(api().url, 'POST', '/api/product/add', NEW_SHOE, { headers: { token: admin } });
    expect(json).toMatchObject({
      status: 415,
      body: {
        success: false,
        message:
          'Send the product as multipart/form-data (text fields and files image1, image2, image3, image4)',
      },
    });
  });

  it('search, the list and the catalogue version follow an added and a removed product', async () => {
    const word = 'Zanzibarish';
    expect((await search(word)).total).toBe(0);
    const listBefore = await fetch(new URL('/api/product/list', api().url));
    const etagBefore = listBefore.headers.get('etag');
    const versionBefore = (await search(word)).version;

    const res = await add({ ...NEW_SHOE, name: `${word} Slide`, subCategory: 'Slippers' }, [pngFile()]);
    const { _id: id } = res.body.product as AddedProduct;
    const found = await search(word.toLowerCase());
    expect(found.total).toBe(1);
    expect(found.products.map((p) => p._id)).toEqual([id]);
    expect(found.version).not.toBe(versionBefore);
    // A typo finds it too: the search vocabulary followed.
    expect((await search('Zanzibarsh')).products.map((p) => p._id)).toEqual([id]);
    const listAfterAdd = await fetch(new URL('/api/product/list', api().url));
    expect(listAfterAdd.headers.get('etag')).not.toBe(etagBefore);

    expect(
      await call(api().url, 'POST', '/api/product/remove', { id }, { headers: { token: admin } }),
    ).toMatchObject({
      status: 200,
      body: { success: true, message: 'Product removed' },
    });
    const gone = await search(word);
    expect(gone.total).toBe(0);
    expect(gone.version).not.toBe(found.version);
    expect((await listProducts(api().url)).map((p) => p._id)).not.toContain(id);
  });

  it("removes a product: a shopper's cart keeps the line, orders keep their copies, the images stay", async () => {
    const res = await add({ ...NEW_SHOE, name: 'Short-Lived Loafer', subCategory: 'Leather Shoes' }, [
      pngFile('image1', solidPng(2, 2, [9, 9, 9])),
    ]);
    const product = res.body.product as AddedProduct;
    const shopper = await signUp(api().url);
    const ordered = await call(
      api().url,
      'POST',
      '/api/order/place',
      { address: VALID_ADDRESS, items: [{ _id: product._id, size: '8', quantity: 1 }] },
      { token: shopper.token },
    );
    expect(ordered.status).toBe(201);
    await call(
      api().url,
      'POST',
      '/api/cart/add',
      { itemId: product._id, size: '9' },
      { token: shopper.token },
    );

    expect(
      await call(
        api().url,
        'POST',
        '/api/product/remove',
        { id: product._id },
        { headers: { token: admin } },
      ),
    ).toMatchObject({
      status: 200,
    });
    expect(await call(api().url, 'POST', '/api/product/single', { productId: product._id })).toMatchObject({
      status: 404,
      body: { success: false, message: `Product not found for ID: ${product._id}` },
    });
    expect(
      (await call(api().url, 'POST', '/api/cart/get', {}, { token: shopper.token })).body.cartData,
    ).toEqual({
      [product._id]: { '9': 1 },
    });
    const orders = (await call(api().url, 'POST', '/api/order/userorders', {}, { token: shopper.token })).body
      .orders as Array<{
      items: Array<{ _id: string; image: string[] }>;
    }>;
    expect(orders[0]!.items[0]).toMatchObject({ _id: product._id, image: product.image });
    expect((await fetch(new URL(product.image[0]!, api().url))).status).toBe(200);
    // Nobody can buy it any more.
    expect(
      await call(
        api().url,
        'POST',
        '/api/cart/add',
        { itemId: product._id, size: '9' },
        { token: shopper.token },
      ),
    ).toMatchObject({
      status: 404,
      body: { message: `Product not found for ID: ${product._id}` },
    });
  });

  it('refuses to remove a product that is not there, and the catalogue stays as it was', async () => {
    const version = (await search('anything')).version;
    expect(
      await call(
        api().url,
        'POST',
        '/api/product/remove',
        { id: 'no-such-shoe' },
        { headers: { token: admin } },
      ),
    ).toMatchObject({
      status: 404,
      body: { success: false, message: 'Product not found for ID: no-such-shoe' },
    });
    expect(
      await call(api().url, 'POST', '/api/product/remove', {}, { headers: { token: admin } }),
    ).toMatchObject({
      status: 400,
      body: { success: false, message: 'id: id is required' },
    });
    expect((await search('anything')).version).toBe(version);
  });

  it('answers single for any product, signed in or not, as the list does', async () => {
    const [first] = await listProducts(api().url);
    expect(await call(api().url, 'POST', '/api/product/single', { productId: first!._id })).toEqual(
      expect.objectContaining({ status: 200, body: { success: true, product: first } }),
    );
    expect(await call(api().url, 'POST', '/api/product/single', {})).toMatchObject({
      status: 400,
      body: { success: false, message: 'productId: productId is required' },
    });
  });
});
