import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { startApi } from '../support/api-process.js';
import { call } from '../support/http.js';
import { listProducts } from '../support/store-api.js';

const run = promisify(execFile);
const ROOT = path.resolve(import.meta.dirname, '../..');

async function importFile(dataDir: string, file: string): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, ['--import', 'tsx', 'api/src/catalog/import.ts', file], {
      cwd: ROOT,
      env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'silent' },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

async function generate(count: number, file: string): Promise<void> {
  await run(process.execPath, ['--import', 'tsx', 'scripts/generate-catalog.ts', String(count), file], { cwd: ROOT });
}

describe('npm run catalog:import', () => {
  it('loads valid CSV rows, reports each rejected row with its reason, and the API serves the result', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'store-import-'));
    const csv = path.join(dataDir, 'shop.csv');
    writeFileSync(
      csv,
      [
        '_id,name,description,price,image,category,subCategory,sizes,bestseller',
        'trail-runner-x,Trail Runner X,Grippy trail shoe.,4599,/images/sports-shoes-olive-side.svg|/images/sports-shoes-olive-top.svg,Men,Sports Shoes,UK 8|UK 9,true',
        'bad-price,Bad Price,No price.,free,/images/sneakers-onyx-side.svg,Men,Sneakers,UK 8,false',
        'bad-type,Bad Type,Boots are not sold.,2999,/images/sneakers-onyx-side.svg,Women,Boots,UK 5,false',
      ].join('\n'),
    );
    const result = await importFile(dataDir, csv);
    expect(result.code).toBe(1);
    expect(result.stdout).toContain('imported 1 products, rejected 2');
    expect(result.stderr).toContain('rejected row 2 (bad-price): price');
    expect(result.stderr).toContain('rejected row 3 (bad-type): subCategory must be one of');

    const api = await startApi({ SEED_CATALOG: 'false' }, dataDir);
    try {
      const products = await listProducts(api.url);
      expect(products.map((p) => p._id)).toEqual(['trail-runner-x']);
      expect(products[0]).toMatchObject({ price: 4599, sizes: ['UK 8', 'UK 9'], subCategory: 'Sports Shoes' });
    } finally {
      await api.stop();
    }
  });

  it('replaces a product with the same _id from a JSON file', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'store-import-'));
    const file = path.join(dataDir, 'shop.json');
    const shoe = {
      _id: 'city-loafer',
      name: 'City Loafer',
      description: 'Soft leather loafer.',
      price: 3999,
      image: ['/images/leather-shoes-tan-side.svg'],
      category: 'Women',
      subCategory: 'Leather Shoes',
      sizes: ['UK 4', 'UK 5'],
    };
    writeFileSync(file, JSON.stringify([shoe]));
    expect((await importFile(dataDir, file)).code).toBe(0);
    writeFileSync(file, JSON.stringify([{ ...shoe, price: 3499 }]));
    expect((await importFile(dataDir, file)).code).toBe(0);
    const api = await startApi({ SEED_CATALOG: 'false' }, dataDir);
    try {
      expect((await listProducts(api.url)).map((p) => [p._id, p.price])).toEqual([['city-loafer', 3499]]);
    } finally {
      await api.stop();
    }
  });

  it('loads a large file in chunks with progress, and the search index follows', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'store-import-'));
    const file = path.join(dataDir, 'generated.json');
    await generate(12_000, file);
    const result = await importFile(dataDir, file);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain('10000 / 12000 products written');
    expect(result.stdout).toContain('12000 / 12000 products written');
    expect(result.stdout).toMatch(/imported 12000 products, rejected 0 in \d+\.\d s/);

    const generated = JSON.parse(readFileSync(file, 'utf8')) as Array<{ _id: string; name: string }>;
    const api = await startApi({ SEED_CATALOG: 'false' }, dataDir);
    try {
      expect(await listProducts(api.url)).toHaveLength(12_000);
      const brand = generated[0]!.name.split(' ')[0]!;
      const searched = await call(api.url, 'GET', `/api/product/query?q=${encodeURIComponent(brand)}&limit=0`);
      expect(searched.body.total).toBe(generated.filter((p) => p.name.split(' ')[0] === brand).length);
    } finally {
      await api.stop();
    }
  });

  it('generates the same catalogue for the same count, each a prefix of a larger one', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'store-generate-'));
    await generate(300, path.join(dir, 'a.json'));
    await generate(300, path.join(dir, 'b.json'));
    await generate(1000, path.join(dir, 'c.json'));
    const [a, b, c] = ['a', 'b', 'c'].map((n) => readFileSync(path.join(dir, `${n}.json`), 'utf8'));
    expect(a).toBe(b);
    const small = JSON.parse(a!) as Array<{ _id: string; category: string; subCategory: string; sizes: string[]; price: number }>;
    expect(small).toEqual((JSON.parse(c!) as unknown[]).slice(0, 300));
    expect(new Set(small.map((p) => p._id)).size).toBe(300);
    expect(new Set(small.map((p) => `${p.category}/${p.subCategory}`)).size).toBe(10);
    expect(small.every((p) => p.sizes.length >= 3 && p.sizes.length <= 8 && p.price >= 499 && p.price <= 14_999)).toBe(true);
  });
});
