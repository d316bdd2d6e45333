import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { startApi } from '../support/api-process.js';
import { nodeArgsOf } from '../support/prebuilt.js';
import { listProducts } from '../support/store-api.js';

// A shop's photo folder in `npm run catalog:import`: real files beside the import file, a real database, and the
// API serving what was stored.

const run = promisify(execFile);
const ROOT = path.resolve(import.meta.dirname, '../..');

async function importFile(dataDir: string, file: string, env: Record<string, string> = {}) {
  try {
    const { stdout, stderr } = await run(
      process.execPath,
      [...nodeArgsOf('api/src/catalog/import.ts'), file],
      {
        cwd: ROOT,
        env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'silent', ...env },
      },
    );
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

/** A small real photo file of one colour (distinct colours are distinct bytes). */
async function photo(file: string, format: 'jpeg' | 'png' | 'webp', colour: string): Promise<Buffer> {
  mkdirSync(path.dirname(file), { recursive: true });
  const bytes = await sharp({ create: { width: 64, height: 64, channels: 3, background: colour } })
    .toFormat(format)
    .toBuffer();
  writeFileSync(file, bytes);
  return bytes;
}

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

function row(id: string, image: string[]) {
  return {
    _id: id,
    name: `Shoe ${id}`,
    description: 'A shoe with photos.',
    price: 2999,
    image,
    category: 'Men',
    subCategory: 'Sneakers',
    sizes: ['UK 8', 'UK 9'],
  };
}

function uploads(dataDir: string): string[] {
  const dir = path.join(dataDir, 'uploads');
  return existsSync(dir) ? readdirSync(dir).sort() : [];
}

function folders() {
  const base = mkdtempSync(path.join(tmpdir(), 'store-photos-'));
  const shop = path.join(base, 'shop');
  const dataDir = path.join(base, 'data');
  mkdirSync(shop);
  return { base, shop, dataDir };
}

describe('npm run catalog:import with a photo folder', () => {
  it('stores JPEG, PNG and WebP files named by relative path as the back office does, once per distinct bytes', async () => {
    const { shop, dataDir } = folders();
    const jpeg = await photo(path.join(shop, 'photos/runner-side.jpg'), 'jpeg', '#224488');
    const png = await photo(path.join(shop, 'photos/runner-top.png'), 'png', '#884422');
    const webp = await photo(path.join(shop, 'loafer.webp'), 'webp', '#228844');
    // The same bytes under another name, and a file whose name says PNG but whose bytes are a JPEG.
    writeFileSync(path.join(shop, 'photos/copy-of-runner.jpg'), jpeg);
    writeFileSync(path.join(shop, 'photos/really-a-jpeg.png'), jpeg);
    const file = path.join(shop, 'catalog.json');
    writeFileSync(
      file,
      JSON.stringify([
        row('runner', [
          'photos/runner-side.jpg',
          './photos/runner-top.png',
          '/images/sneakers-navy-side.svg',
        ]),
        row('loafer', ['loafer.webp', 'photos/copy-of-runner.jpg', 'photos/really-a-jpeg.png']),
      ]),
    );

    const result = await importFile(dataDir, file);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain('imported 2 products, rejected 0');
    expect(uploads(dataDir)).toEqual(
      [`${sha256(jpeg)}.jpg`, `${sha256(png)}.png`, `${sha256(webp)}.webp`].sort(),
    );

    // Imported again: nothing new is written.
    expect((await importFile(dataDir, file)).code).toBe(0);
    expect(uploads(dataDir)).toHaveLength(3);

    const api = await startApi({ SEED_CATALOG: 'false' }, dataDir);
    try {
      const products = new Map((await listProducts(api.url)).map((p) => [p._id, p.image]));
      expect(products.get('runner')).toEqual([
        `/images/uploads/${sha256(jpeg)}.jpg`,
        `/images/uploads/${sha256(png)}.png`,
        '/images/sneakers-navy-side.svg',
      ]);
      expect(products.get('loafer')).toEqual([
        `/images/uploads/${sha256(webp)}.webp`,
        `/images/uploads/${sha256(jpeg)}.jpg`,
        `/images/uploads/${sha256(jpeg)}.jpg`,
      ]);
      const served = await fetch(new URL(products.get('runner')![0]!, api.url));
      expect(served.status).toBe(200);
      expect(Buffer.from(await served.arrayBuffer()).equals(jpeg)).toBe(true);
    } finally {
      await api.stop();
    }
  });

  it('refuses a row whose photo is missing, outside the folder, not an image or too large, naming the row and file; the row changes nothing', async () => {
    const { base, shop, dataDir } = folders();
    const good = await photo(path.join(shop, 'photos/good.jpg'), 'jpeg', '#336699');
    const secondOfBadRow = await photo(path.join(shop, 'photos/fine-but-row-refused.png'), 'png', '#996633');
    await photo(path.join(base, 'outside.jpg'), 'jpeg', '#663399');
    writeFileSync(path.join(shop, 'photos/notes.jpg'), 'these are not the photos you are looking for');
    // Grain, so the PNG cannot compress below the limit.
    const grain = {
      width: 200,
      height: 200,
      channels: 3,
      background: '#808080',
      noise: { type: 'gaussian', mean: 128, sigma: 40 },
    } as const;
    writeFileSync(path.join(shop, 'photos/huge.png'), await sharp({ create: grain }).png().toBuffer());
    symlinkSync(path.join(base, 'outside.jpg'), path.join(shop, 'photos/link.jpg'));
    const csv = path.join(shop, 'catalog.csv');
    writeFileSync(
      csv,
      [
        '_id,name,description,price,image,category,subCategory,sizes,bestseller',
        'good,Good,Fine.,1999,photos/good.jpg,Men,Sneakers,UK 8,false',
        'missing,Missing,Gone.,1999,photos/fine-but-row-refused.png|photos/missing.jpg,Men,Sneakers,UK 8,false',
        'escape,Escape,Out.,1999,../outside.jpg,Men,Sneakers,UK 8,false',
        'link,Link,Out by a link.,1999,photos/link.jpg,Men,Sneakers,UK 8,false',
        'text,Text,Not an image.,1999,photos/notes.jpg,Men,Sneakers,UK 8,false',
        'huge,Huge,Too large.,1999,photos/huge.png,Men,Sneakers,UK 8,false',
      ].join('\n'),
    );
    const huge = readFileSync(path.join(shop, 'photos/huge.png')).length;
    const limit = Math.max(1024, good.length, secondOfBadRow.length) + 1;
    expect(huge).toBeGreaterThan(limit);

    const result = await importFile(dataDir, csv, { IMAGE_UPLOAD_MAX_BYTES: String(limit) });
    expect(result.code).toBe(1);
    expect(result.stdout).toContain('imported 1 products, rejected 5');
    expect(result.stderr).toContain('rejected row 2 (missing): image "photos/missing.jpg" no such file in');
    expect(result.stderr).toContain(
      'rejected row 3 (escape): image "../outside.jpg" must stay inside the import file\'s folder',
    );
    expect(result.stderr).toContain(
      'rejected row 4 (link): image "photos/link.jpg" leads outside the import file\'s folder',
    );
    expect(result.stderr).toContain(
      'rejected row 5 (text): image "photos/notes.jpg" is not a JPEG, PNG or WebP image',
    );
    expect(result.stderr).toContain(
      `rejected row 6 (huge): image "photos/huge.png" is ${huge} bytes, over the ${limit} bytes`,
    );
    // Only the good row's photo: the refused row's readable first photo was not stored either.
    expect(uploads(dataDir)).toEqual([`${sha256(good)}.jpg`]);

    const api = await startApi({ SEED_CATALOG: 'false' }, dataDir);
    try {
      expect((await listProducts(api.url)).map((p) => [p._id, p.image])).toEqual([
        ['good', [`/images/uploads/${sha256(good)}.jpg`]],
      ]);
    } finally {
      await api.stop();
    }
  });
});
