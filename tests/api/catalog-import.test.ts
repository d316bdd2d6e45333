import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { startApi } from '../support/api-process.js';
import { BACKENDS, freshDatabaseEnv } from '../support/databases.js';
import { call } from '../support/http.js';
import { nodeArgsOf } from '../support/prebuilt.js';
import { listProducts } from '../support/store-api.js';

const run = promisify(execFile);
const ROOT = path.resolve(import.meta.dirname, '../..');

async function importFile(
  dataDir: string,
  file: string,
  env: Record<string, string> = {},
): Promise<{ code: number; stdout: string; stderr: string }> {
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

async function generate(count: number, file: string, ...flags: string[]): Promise<void> {
  await run(process.execPath, [...nodeArgsOf('scripts/generate-catalog.ts'), String(count), file, ...flags], {
    cwd: ROOT,
  });
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
      expect(products[0]).toMatchObject({
        price: 4599,
        sizes: ['UK 8', 'UK 9'],
        subCategory: 'Sports Shoes',
      });
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
      const searched = await call(
        api.url,
        'GET',
        `/api/product/query?q=${encodeURIComponent(brand)}&limit=0`,
      );
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
    const small = JSON.parse(a!) as Array<{
      _id: string;
      category: string;
      subCategory: string;
      sizes: string[];
      price: number;
    }>;
    expect(small).toEqual((JSON.parse(c!) as unknown[]).slice(0, 300));
    expect(new Set(small.map((p) => p._id)).size).toBe(300);
    expect(new Set(small.map((p) => `${p.category}/${p.subCategory}`)).size).toBe(10);
    expect(
      small.every((p) => p.sizes.length >= 3 && p.sizes.length <= 8 && p.price >= 499 && p.price <= 14_999),
    ).toBe(true);
  });
});

interface ShownProduct {
  _id: string;
  price: number;
  lowStock?: Record<string, number>;
}

const row = (id: string, sizes: string[], extra: Record<string, unknown> = {}) => ({
  _id: id,
  name: `Stock Test ${id}`,
  description: 'A pair for the stock tests.',
  price: 2999,
  image: ['/images/sneakers-navy-side.svg'],
  category: 'Men',
  subCategory: 'Sneakers',
  sizes,
  ...extra,
});

describe.each(BACKENDS)('npm run catalog:import with stock on %s', (backend) => {
  it('takes counts per size from JSON and CSV, rejects a bad count with its reason, and a file without stock keeps them', async () => {
    const env = await freshDatabaseEnv(backend);
    const dataDir = mkdtempSync(path.join(tmpdir(), 'store-import-stock-'));
    const json = path.join(dataDir, 'stock.json');
    writeFileSync(
      json,
      JSON.stringify([
        row('low-shoe', ['UK 8', 'UK 9', 'UK 10'], { stock: { 'UK 8': 2, 'UK 9': 0, 'UK 10': 25 } }),
        row('gone-shoe', ['UK 5'], { stock: { 'UK 5': 0 } }),
        row('plain-shoe', ['UK 7']),
        row('negative', ['UK 8'], { stock: { 'UK 8': -1 } }),
        row('fraction', ['UK 8'], { stock: { 'UK 8': 1.5 } }),
        row('no-such-size', ['UK 8'], { stock: { 'UK 12': 1 } }),
        row('text-count', ['UK 8'], { stock: { 'UK 8': '3' } }),
      ]),
    );
    const result = await importFile(dataDir, json, env);
    expect(result.code).toBe(1);
    expect(result.stdout).toContain('imported 3 products (stock counted for 2), rejected 4');
    expect(result.stderr).toContain(
      'rejected row 4 (negative): stock of size "UK 8": count cannot be negative',
    );
    expect(result.stderr).toContain(
      'rejected row 5 (fraction): stock of size "UK 8": count must be a whole number',
    );
    expect(result.stderr).toContain(
      'rejected row 6 (no-such-size): stock names size "UK 12", which is not in sizes',
    );
    expect(result.stderr).toContain(
      'rejected row 7 (text-count): stock of size "UK 8": count must be a number',
    );

    const api = await startApi({ SEED_CATALOG: 'false', ...env }, dataDir);
    try {
      const shown = async () => {
        const products = (await call(api.url, 'GET', '/api/product/list')).body.products as ShownProduct[];
        return Object.fromEntries(products.map((p) => [p._id, p]));
      };
      const first = await shown();
      expect(Object.keys(first)).toEqual(['low-shoe', 'gone-shoe', 'plain-shoe']);
      // 25 pairs is plenty: not shown.
      expect(first['low-shoe']!.lowStock).toEqual({ 'UK 8': 2, 'UK 9': 0 });
      expect(first['gone-shoe']!.lowStock).toEqual({ 'UK 5': 0 });
      expect(first['plain-shoe']).not.toHaveProperty('lowStock');
      const inStock = await call(api.url, 'GET', '/api/product/query?inStock=true');
      expect(inStock.body).toMatchObject({
        total: 2,
        products: [{ _id: 'low-shoe' }, { _id: 'plain-shoe' }],
      });

      // The same catalogue without stock (a new price): the counts stay as they were.
      writeFileSync(
        json,
        JSON.stringify([
          row('low-shoe', ['UK 8', 'UK 9', 'UK 10'], { price: 2499 }),
          row('gone-shoe', ['UK 5']),
        ]),
      );
      expect((await importFile(dataDir, json, env)).code).toBe(0);
      const second = await shown();
      expect(second['low-shoe']).toMatchObject({ price: 2499, lowStock: { 'UK 8': 2, 'UK 9': 0 } });
      expect(second['gone-shoe']!.lowStock).toEqual({ 'UK 5': 0 });

      // CSV: `size:count` entries separated by "|"; an empty cell keeps the counts; the counts given replace them.
      const csv = path.join(dataDir, 'stock.csv');
      writeFileSync(
        csv,
        [
          '_id,name,description,price,image,category,subCategory,sizes,stock',
          'low-shoe,Stock Test low-shoe,A pair.,2499,/images/sneakers-navy-side.svg,Men,Sneakers,UK 8|UK 9|UK 10,UK 8:1|UK 10:12',
          'gone-shoe,Stock Test gone-shoe,A pair.,2999,/images/sneakers-navy-side.svg,Men,Sneakers,UK 5,',
          'csv-shoe,Stock Test csv-shoe,A pair.,2999,/images/sneakers-navy-side.svg,Women,Sandals,UK 4|UK 5,UK 4 : 3 | UK 5:0',
          'no-colon,Stock Test no-colon,A pair.,2999,/images/sneakers-navy-side.svg,Men,Sneakers,UK 8,UK 8',
          'blank-count,Stock Test blank-count,A pair.,2999,/images/sneakers-navy-side.svg,Men,Sneakers,UK 8,UK 8:',
          'twice,Stock Test twice,A pair.,2999,/images/sneakers-navy-side.svg,Men,Sneakers,UK 8,UK 8:1|UK 8:2',
        ].join('\n'),
      );
      const fromCsv = await importFile(dataDir, csv, env);
      expect(fromCsv.code).toBe(1);
      expect(fromCsv.stdout).toContain('imported 3 products (stock counted for 2), rejected 3');
      expect(fromCsv.stderr).toContain('rejected row 4 (no-colon): stock entry "UK 8" is not size:count');
      expect(fromCsv.stderr).toContain(
        'rejected row 5 (blank-count): stock of size "UK 8": count must be a number',
      );
      expect(fromCsv.stderr).toContain('rejected row 6 (twice): stock names size "UK 8" twice');
      const third = await shown();
      // UK 9 is no longer counted: it sells.
      expect(third['low-shoe']!.lowStock).toEqual({ 'UK 8': 1 });
      expect(third['gone-shoe']!.lowStock).toEqual({ 'UK 5': 0 });
      expect(third['csv-shoe']!.lowStock).toEqual({ 'UK 4': 3, 'UK 5': 0 });
    } finally {
      await api.stop();
    }
  });
});

describe('npm run catalog:generate -- --stock', () => {
  it('adds counts to the same products: about 5% sold out, some sizes low, some products not counted', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'store-generate-'));
    await generate(2000, path.join(dir, 'plain.json'));
    await generate(2000, path.join(dir, 'stock.json'), '--stock');
    const plain = JSON.parse(readFileSync(path.join(dir, 'plain.json'), 'utf8')) as Array<{
      sizes: string[];
    }>;
    const stocked = JSON.parse(readFileSync(path.join(dir, 'stock.json'), 'utf8')) as Array<{
      sizes: string[];
      stock?: Record<string, number>;
    }>;
    expect(stocked.map(({ stock: _stock, ...product }) => product)).toEqual(plain);
    const counted = stocked.filter((p) => p.stock);
    const soldOut = counted.filter((p) => Object.values(p.stock!).every((n) => n === 0));
    const low = counted.filter((p) => !soldOut.includes(p) && Object.values(p.stock!).some((n) => n <= 3));
    expect(soldOut.length / stocked.length).toBeGreaterThan(0.03);
    expect(soldOut.length / stocked.length).toBeLessThan(0.07);
    expect(low.length).toBeGreaterThan(100);
    expect(counted.length).toBeLessThan(stocked.length);
    expect(counted.every((p) => Object.keys(p.stock!).every((size) => p.sizes.includes(size)))).toBe(true);
  });
});
