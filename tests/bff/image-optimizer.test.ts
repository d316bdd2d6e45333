import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { optimizedImageUrl } from '#domain/images';
import type { RunningService } from '../../scripts/service-process.js';
import { ADMIN_ENV, adminLogin, NEW_SHOE, postForm, productForm } from '../support/back-office.js';
import { startBff, useStore } from '../support/bff-process.js';
import { gql } from '../support/graphql.js';
import { defaultCatalogue, startLineageBackend, type LineageBackend } from '../support/lineage-backend.js';

// The BFF's image optimizer (GET /_img) with real sharp over real HTTP: photos from a shop's own image origin (a
// stand-in that counts every fetch) and from the store's own image store, resized to the asked width in the format
// the browser accepts, kept on disk within its bound; everything else refused without a fetch.

const AVIF = 'image/avif,image/webp,image/*;q=0.8';
const WEBP = 'image/webp,image/*;q=0.8';

/** A photo-like JPEG: smooth noise and a shape, as large as a shop's camera makes them. */
async function photo(width: number, height: number, quality = 85): Promise<Buffer> {
  const noise = await sharp({
    create: {
      width,
      height,
      channels: 3,
      background: '#000',
      noise: { type: 'gaussian', mean: 128, sigma: 40 },
    },
  })
    .blur(2)
    .png()
    .toBuffer();
  const shape = Buffer.from(
    `<svg width="${width}" height="${height}"><ellipse cx="${width / 2}" cy="${height / 2}" rx="${width / 3}" ry="${height / 4}" fill="#8a4b2a"/></svg>`,
  );
  return sharp(noise)
    .composite([{ input: shape, blend: 'overlay' }])
    .jpeg({ quality })
    .toBuffer();
}

function pngChunk(type: string, data: Buffer): Buffer {
  const typed = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const head = Buffer.alloc(4);
  head.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([head, typed, crc]);
}

/** A decompression bomb: a PNG of a few hundred bytes declaring 30000 × 30000 pixels (900 megapixels). */
function bombPng(): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(30_000, 0);
  header.writeUInt32BE(30_000, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(Buffer.alloc(30_001 * 3 * 4))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

const EXTERNAL_SVG = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="200" height="100">' +
    '<use xlink:href="http://127.0.0.1:9/sprite.svg#shoe"/></svg>',
);
const SAFE_SVG = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="200" height="100"><defs><linearGradient id="g"><stop offset="0" stop-color="#c63"/>' +
    '<stop offset="1" stop-color="#336"/></linearGradient></defs><rect width="200" height="100" fill="url(#g)"/></svg>',
);
const GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

interface Origin {
  url: string;
  /** Fetches received per path. */
  hits: Map<string, number>;
  server: Server;
}

/** An image origin serving fixed files (and `/slow-*` ones a while later), counting what it is asked. */
async function startOrigin(
  files: Record<string, { bytes: Buffer; type: string; delayMs?: number }>,
): Promise<Origin> {
  const hits = new Map<string, number>();
  const server = createServer((request, response) => {
    const pathname = new URL(request.url ?? '/', 'http://origin').pathname;
    hits.set(pathname, (hits.get(pathname) ?? 0) + 1);
    const file = files[pathname];
    if (file === undefined) {
      response.writeHead(404).end();
      return;
    }
    setTimeout(() => {
      response
        .writeHead(200, { 'content-type': file.type, 'content-length': file.bytes.length })
        .end(file.bytes);
    }, file.delayMs ?? 0);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${String((server.address() as AddressInfo).port)}`, hits, server };
}

const closeOrigin = (origin: Origin | undefined) =>
  new Promise<void>((resolve) => {
    if (origin === undefined) resolve();
    else origin.server.close(() => resolve());
  });

async function getImage(base: string, src: string, width: number, headers: Record<string, string> = {}) {
  const response = await fetch(`${base}${optimizedImageUrl(src, width as 640)}`, { headers });
  const bytes = Buffer.from(await response.arrayBuffer());
  return { response, bytes };
}

/** Cache files (by the optimizer's own naming) and the bytes they take. */
function cacheFiles(dir: string): { count: number; bytes: number } {
  const names = readdirSync(dir).filter((name) => /^[0-9a-f]{64}\.(avif|webp|jpg)$/.test(name));
  return {
    count: names.length,
    bytes: names.reduce((sum, name) => sum + statSync(path.join(dir, name)).size, 0),
  };
}

const PLACEHOLDER = '{ product(id: $id) { imagePlaceholder } }';
const placeholderOf = async (base: string, id: string) =>
  (
    await gql<{ product: { imagePlaceholder: string | null } }>(base, `query($id: ID!) ${PLACEHOLDER}`, {
      id,
    })
  ).data?.product.imagePlaceholder;

describe('the image optimizer on a shop backend with its own image origin', () => {
  let origin: Origin;
  let stranger: Origin;
  let backend: LineageBackend;
  let bff: RunningService;
  let cacheDir: string;
  let bigPhoto: Buffer;
  const big = () => `${origin.url}/big.jpg`;
  const productWith = (src: string) => backend.products.find((p) => p.image[0] === src)!._id;

  beforeAll(async () => {
    bigPhoto = await photo(3000, 2000);
    const files = {
      '/big.jpg': { bytes: bigPhoto, type: 'image/jpeg' },
      '/copy.jpg': { bytes: bigPhoto, type: 'image/jpeg' },
      '/small.jpg': { bytes: await photo(300, 200), type: 'image/jpeg' },
      '/warm.jpg': { bytes: await photo(800, 600), type: 'image/jpeg' },
      '/bomb.png': { bytes: bombPng(), type: 'image/png' },
      '/external.svg': { bytes: EXTERNAL_SVG, type: 'image/svg+xml' },
      '/art.svg': { bytes: SAFE_SVG, type: 'image/svg+xml' },
      '/anim.gif': { bytes: GIF, type: 'image/gif' },
      ...Object.fromEntries(
        [1, 2, 3, 4].map((n) => [
          `/slow-${String(n)}.jpg`,
          { bytes: bigPhoto, type: 'image/jpeg', delayMs: 1500 },
        ]),
      ),
    };
    origin = await startOrigin(files);
    stranger = await startOrigin({ '/big.jpg': { bytes: bigPhoto, type: 'image/jpeg' } });
    const ours = Object.keys(files).map((name) => `${origin.url}${name}`);
    backend = await startLineageBackend({
      products: (imagesUrl) =>
        defaultCatalogue(imagesUrl).map((product, i) =>
          i < ours.length ? { ...product, image: [ours[i]!] } : product,
        ),
    });
    cacheDir = mkdtempSync(path.join(tmpdir(), 'image-cache-'));
    bff = await startBff(backend.url, { CATALOG_TTL_MS: '0', IMAGE_CACHE_DIR: cacheDir });
  });
  afterAll(async () => {
    await bff.stop();
    await backend.stop();
    await closeOrigin(origin);
    await closeOrigin(stranger);
    rmSync(cacheDir, { recursive: true, force: true });
  });

  it('serves a 3000 px photo at the asked width as AVIF or WebP, as the browser accepts, a fraction of the bytes', async () => {
    const avif = await getImage(bff.url, big(), 640, { accept: AVIF });
    expect(avif.response.status).toBe(200);
    expect(avif.response.headers.get('content-type')).toBe('image/avif');
    expect(avif.response.headers.get('vary')).toMatch(/accept/i);
    expect(avif.response.headers.get('cache-control')).toBe(
      'public, max-age=86400, stale-while-revalidate=604800',
    );
    const avifMeta = await sharp(avif.bytes).metadata();
    expect([avifMeta.format, avifMeta.compression, avifMeta.width, avifMeta.height]).toEqual([
      'heif',
      'av1',
      640,
      427,
    ]);
    expect(avif.bytes.length).toBeLessThan(bigPhoto.length / 20);

    const webp = await getImage(bff.url, big(), 640, { accept: WEBP });
    expect(webp.response.headers.get('content-type')).toBe('image/webp');
    const webpMeta = await sharp(webp.bytes).metadata();
    expect([webpMeta.format, webpMeta.width]).toEqual(['webp', 640]);
    expect(webp.bytes.length).toBeLessThan(bigPhoto.length / 10);

    const jpeg = await getImage(bff.url, big(), 640, { accept: 'image/*' });
    expect(jpeg.response.headers.get('content-type')).toBe('image/jpeg');
    expect((await sharp(jpeg.bytes).metadata()).format).toBe('jpeg');
  });

  it('never enlarges: a photo narrower than the width comes back at its own width', async () => {
    const { response, bytes } = await getImage(bff.url, `${origin.url}/small.jpg`, 1600, { accept: WEBP });
    expect(response.status).toBe(200);
    expect((await sharp(bytes).metadata()).width).toBe(300);
  });

  it('answers a second request from disk (no second fetch), and 304 to its ETag', async () => {
    const before = origin.hits.get('/big.jpg') ?? 0;
    const first = await getImage(bff.url, big(), 320, { accept: AVIF });
    expect(origin.hits.get('/big.jpg')).toBe(before + 1);
    const again = await getImage(bff.url, big(), 320, { accept: AVIF });
    expect(again.response.status).toBe(200);
    expect(again.bytes.equals(first.bytes)).toBe(true);
    expect(origin.hits.get('/big.jpg')).toBe(before + 1);
    const etag = again.response.headers.get('etag')!;
    expect(etag).toMatch(/^".+"$/);
    const revalidated = await getImage(bff.url, big(), 320, { accept: AVIF, 'if-none-match': etag });
    expect(revalidated.response.status).toBe(304);
    expect(origin.hits.get('/big.jpg')).toBe(before + 1);
  });

  it('makes an image once for a burst of identical requests', async () => {
    const before = origin.hits.get('/big.jpg') ?? 0;
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => getImage(bff.url, big(), 960, { accept: WEBP })),
    );
    expect(answers.map((a) => a.response.status)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(origin.hits.get('/big.jpg')).toBe(before + 1);
  });

  it('serves a picture met again under another URL from what it made for the first, without encoding it again', async () => {
    const first = await getImage(bff.url, big(), 480, { accept: WEBP });
    const files = cacheFiles(cacheDir).count;
    const copy = await getImage(bff.url, `${origin.url}/copy.jpg`, 480, { accept: WEBP });
    expect(copy.response.status).toBe(200);
    expect(origin.hits.get('/copy.jpg')).toBe(1);
    expect(copy.response.headers.get('etag')).toBe(first.response.headers.get('etag'));
    expect(copy.bytes.equals(first.bytes)).toBe(true);
    expect(cacheFiles(cacheDir).count).toBe(files);
  });

  it('refuses widths outside the list and URLs that are not the catalogue’s, without fetching them', async () => {
    for (const width of [0, 500, 641, 4000]) {
      const answer = await fetch(`${bff.url}/_img?url=${encodeURIComponent(big())}&w=${String(width)}`);
      expect(answer.status).toBe(400);
      expect(((await answer.json()) as { message: string }).message).toMatch(/width/);
    }
    const foreign = await getImage(bff.url, `${stranger.url}/big.jpg`, 640);
    expect(foreign.response.status).toBe(400);
    expect(JSON.parse(foreign.bytes.toString()) as unknown).toEqual({
      message: "Only the catalogue's image origins are read",
    });
    expect(stranger.hits.size).toBe(0);
    for (const src of [
      '/images/../api/product/list',
      'data:image/png;base64,AAAA',
      'file:///etc/passwd',
      '/api/product/list',
    ]) {
      expect((await getImage(bff.url, src, 640)).response.status).toBe(400);
    }
    expect((await fetch(`${bff.url}/_img?url=${'a'.repeat(3000)}&w=640`)).status).toBe(400);
  });

  it('refuses a decompression bomb at once, without decoding it', async () => {
    const started = performance.now();
    const { response, bytes } = await getImage(bff.url, `${origin.url}/bomb.png`, 640, { accept: AVIF });
    expect(response.status).toBe(422);
    expect(JSON.parse(bytes.toString())).toEqual({
      message: expect.stringMatching(/30000 × 30000 pixels/) as unknown,
    });
    expect(performance.now() - started).toBeLessThan(3000);
    expect((await fetch(`${bff.url}/healthz`)).status).toBe(200);
  });

  it('rasterizes SVG art, and refuses an SVG that refers outside itself and a GIF', async () => {
    const art = await getImage(bff.url, `${origin.url}/art.svg`, 480, { accept: WEBP });
    expect(art.response.status).toBe(200);
    expect(await sharp(art.bytes).metadata()).toMatchObject({ format: 'webp', width: 480, height: 240 });

    const external = await getImage(bff.url, `${origin.url}/external.svg`, 480, { accept: WEBP });
    expect(external.response.status).toBe(422);
    expect(external.bytes.toString()).toMatch(/refers outside itself/);
    const gif = await getImage(bff.url, `${origin.url}/anim.gif`, 480, { accept: WEBP });
    expect(gif.response.status).toBe(415);
  });

  it('answers 404 for a catalogue image its origin does not have', async () => {
    const { response } = await getImage(bff.url, `${origin.url}/gone.jpg`, 480);
    expect(response.status).toBe(404);
  });

  it('gives the product its placeholder in GraphQL once the image has been optimized', async () => {
    const id = productWith(big());
    const placeholder = await placeholderOf(bff.url, id);
    expect(placeholder).toMatch(/^data:image\/webp;base64,/);
    expect(placeholder!.length).toBeLessThan(500);
    const tiny = await sharp(Buffer.from(placeholder!.split(',')[1]!, 'base64')).metadata();
    expect(Math.max(tiny.width, tiny.height)).toBeLessThanOrEqual(16);
    expect(await placeholderOf(bff.url, productWith(`${origin.url}/external.svg`))).toBeNull();
  });

  it('computes an unseen image’s placeholder in the background, and the answer without it is not kept', async () => {
    const id = productWith(`${origin.url}/warm.jpg`);
    expect(await placeholderOf(bff.url, id)).toBeNull();
    let placeholder: string | null | undefined = null;
    for (let attempt = 0; attempt < 50 && placeholder === null; attempt += 1) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      placeholder = await placeholderOf(bff.url, id);
    }
    expect(placeholder).toMatch(/^data:image\/webp;base64,/);
    expect(origin.hits.get('/warm.jpg')).toBe(1);
  });

  it('keeps its cache and placeholders over a restart', async () => {
    const id = productWith(big());
    await bff.stop();
    bff = await startBff(backend.url, { CATALOG_TTL_MS: '0', IMAGE_CACHE_DIR: cacheDir });
    const before = origin.hits.get('/big.jpg');
    expect(await placeholderOf(bff.url, id)).toMatch(/^data:image\/webp;base64,/);
    const again = await getImage(bff.url, big(), 640, { accept: AVIF });
    expect(again.response.status).toBe(200);
    expect(origin.hits.get('/big.jpg')).toBe(before);
  });

  describe('with one encode at a time, one waiting, and a 64 KiB cache', () => {
    let busy: RunningService;
    let smallDir: string;
    beforeAll(async () => {
      smallDir = mkdtempSync(path.join(tmpdir(), 'image-cache-'));
      busy = await startBff(backend.url, {
        CATALOG_TTL_MS: '0',
        IMAGE_CACHE_DIR: smallDir,
        IMAGE_CACHE_MAX_BYTES: String(64 * 1024),
        IMAGE_ENCODE_CONCURRENCY: '1',
        IMAGE_ENCODE_QUEUE: '1',
      });
    });
    afterAll(async () => {
      await busy.stop();
      rmSync(smallDir, { recursive: true, force: true });
    });

    it('answers 503 with Retry-After beyond the queue, and makes the images it took', async () => {
      const answers = await Promise.all(
        [1, 2, 3, 4].map((n) => getImage(busy.url, `${origin.url}/slow-${String(n)}.jpg`, 320)),
      );
      const statuses = answers.map((a) => a.response.status).sort();
      expect(statuses).toEqual([200, 200, 503, 503]);
      const refused = answers.find((a) => a.response.status === 503)!;
      expect(Number(refused.response.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      expect(refused.response.headers.get('cache-control')).toBe('no-store');
    });

    it('keeps the cache folder within its bytes, dropping the least recently used', async () => {
      for (const width of [1600, 1280, 960, 640, 480, 320, 160]) {
        for (const accept of [AVIF, WEBP, 'image/jpeg']) {
          expect((await getImage(busy.url, big(), width, { accept })).response.status).toBe(200);
          expect(cacheFiles(smallDir).bytes).toBeLessThanOrEqual(64 * 1024);
        }
      }
      // The latest, small ones are kept.
      const before = origin.hits.get('/big.jpg');
      await getImage(busy.url, big(), 160, { accept: 'image/jpeg' });
      expect(origin.hits.get('/big.jpg')).toBe(before);
      expect(cacheFiles(smallDir).count).toBeGreaterThan(0);
    });
  });
});

describe('the image optimizer on our API', () => {
  const cacheDir = mkdtempSync(path.join(tmpdir(), 'image-cache-'));
  // Registered before the store's own: hooks after run last, once the BFF has stopped.
  afterAll(() => rmSync(cacheDir, { recursive: true, force: true }));
  const store = useStore(
    { CATALOG_TTL_MS: '0', IMAGE_CACHE_DIR: cacheDir },
    { ...ADMIN_ENV, IMAGE_UPLOAD_MAX_BYTES: String(20 * 1024 * 1024) },
  );

  it('serves an uploaded photo resized, cached for good (its name is its content), and seed art rasterized', async () => {
    const admin = await adminLogin(store().api.url);
    const original = await photo(3000, 2000, 70);
    const added = await postForm(
      store().api.url,
      '/api/product/add',
      productForm({ ...NEW_SHOE, name: 'Optimized Oxford' }, [
        { field: 'image1', filename: 'shoe.jpg', type: 'image/jpeg', bytes: original },
      ]),
      admin,
    );
    expect(added.status).toBe(201);
    const product = await gql<{ products: { nodes: Array<{ images: string[] }> } }>(
      store().bff.url,
      '{ products(first: 1, filter: { search: "Optimized Oxford" }) { nodes { images } } }',
    );
    const src = product.data!.products.nodes[0]!.images[0]!;
    expect(src).toMatch(/^\/images\/uploads\/[0-9a-f]{64}\.jpg$/);

    const { response, bytes } = await getImage(store().bff.url, src, 480, { accept: AVIF });
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(response.headers.get('cross-origin-resource-policy')).toBe('same-origin');
    expect(response.headers.get('content-security-policy')).toBeNull();
    expect(await sharp(bytes).metadata()).toMatchObject({ format: 'heif', width: 480, height: 320 });
    expect(bytes.length).toBeLessThan(original.length / 20);

    const seed = await gql<{ products: { nodes: Array<{ images: string[] }> } }>(
      store().bff.url,
      '{ products(first: 1) { nodes { images } } }',
    );
    const art = seed.data!.products.nodes[0]!.images[0]!;
    const raster = await getImage(store().bff.url, art, 320, { accept: WEBP });
    expect(raster.response.status).toBe(200);
    expect(await sharp(raster.bytes).metadata()).toMatchObject({ format: 'webp', width: 320 });
  });
});
