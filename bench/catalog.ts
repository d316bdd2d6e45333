// `npm run bench:catalog`: the catalogue at scale, on SQLite and PostgreSQL, in one run on loopback. For each size
// (SIZES, default 10000,100000) and database (DATABASES, default sqlite,postgres): generate the catalogue with stock
// (about 60% of products counted, some sizes low, 5% sold out), import it with `npm run catalog:import` (timed),
// start the API and the BFF on it, then measure
// - distinct filtered + sorted + searched collection queries through GraphQL, one at a time (no cache can answer
//   them: each combination of filter, sort, search and the in-stock filter is asked once), p50/p95/p99, and apart
//   the third of them with the in-stock filter;
// - the collection page's HTML with its products (distinct URLs, so each is rendered), p50/p95;
// - the whole sitemap (/sitemap.xml and every file it names, read as a crawler does, one after another): its time,
//   URLs and files, and the BFF's resident memory before and after it, and its peak so far;
// - the spec's list at the store's URL (the BFF's copy) against a bare node:http server sending the same bytes;
// - the resident memory of the API and the BFF processes afterwards (and their peaks).
// Targets at 100,000 products: p95 ≤ 50 ms through GraphQL; collection HTML ≤ 200 ms; API + BFF ≤ 1 GB; the REST
// list at the store's URL ≥ 0.5× the bare server.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { startPostgres, type PostgresServer } from '../scripts/postgres-server.js';
import { ROOT, startService, type RunningService } from '../scripts/service-process.js';
import { measure } from './load.js';
import { printMachine } from './machine.js';

const SIZES = (process.env.SIZES ?? '10000,100000').split(',').map(Number);
const DATABASES = (process.env.DATABASES ?? 'sqlite,postgres').split(',') as Array<'sqlite' | 'postgres'>;
const QUERIES = Number(process.env.QUERIES ?? 300);
const PAGES = Number(process.env.PAGES ?? 60);
const WEB_DIST = path.join(ROOT, 'web', 'dist');

const COLLECTION = `query Collection($filter: ProductFilter, $sort: ProductSort, $first: Int) {
  products(filter: $filter, sort: $sort, first: $first) { totalCount nodes { id name price images }
    pageInfo { hasNextPage endCursor } facets { categories { category count } types { type count } } } }`;

// What shoppers type: whole words, half-typed words, one-letter typos, two words; and no search at all.
const WORDS = [
  'sneakers',
  'snekers',
  'sandals',
  'sandels',
  'loafer',
  'runner',
  'runnr',
  'slipper',
  'oxford',
  'navy',
  'olive',
  'tan',
  'leather',
  'lether',
  'trail',
  'court',
  'mule',
  'strap',
  'aurex',
  'kavi',
  'solace',
  'marlow',
  'cloud',
  'classic',
  'sne',
  'sand',
  'loa',
  'run',
  'brog',
  'cafe',
  'creme',
  'elan',
  'navy runner',
  'olive sneakers',
  'tan loafer',
  'soft leather',
  'everyday',
  'cushioned',
  'breathable',
  'walking',
  'monsoon',
  'summit',
  'heritage',
  'urban',
];
const SORTS = ['RELEVANT', 'PRICE_ASC', 'PRICE_DESC', 'NEWEST'];
const CATEGORY_CHOICES = [[], ['MEN'], ['WOMEN'], ['MEN', 'WOMEN']];
const TYPES = ['SPORTS_SHOES', 'SNEAKERS', 'LEATHER_SHOES', 'SLIPPERS', 'SANDALS'];

/** A fixed sequence of distinct collection queries: filter × sort × search × in stock, each combination once. */
function distinctQueries(count: number): Array<Record<string, unknown>> {
  const queries: Array<Record<string, unknown>> = [];
  const seen = new Set<string>();
  let state = 7;
  const next = (n: number) => {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    return state % n;
  };
  while (queries.length < count) {
    const types = TYPES.filter(() => next(3) === 0);
    const variables = {
      filter: {
        categories: CATEGORY_CHOICES[next(4)],
        types,
        search: next(5) === 0 ? null : WORDS[next(WORDS.length)],
      },
      sort: SORTS[next(4)],
      first: 24,
    };
    // A third of the queries keep only products with a size left (drawn last: the other draws stay as they were).
    if (next(3) === 0) Object.assign(variables.filter, { inStock: true });
    const key = JSON.stringify(variables);
    if (!seen.has(key)) {
      seen.add(key);
      queries.push(variables);
    }
  }
  return queries;
}

function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

const ms = (value: number) => value.toFixed(1);

/** Resident and peak memory of a process, in MiB (Linux /proc). */
function memoryOf(service: RunningService): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${String(service.child.pid)}/status`, 'utf8');
  const kib = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  return { rss: Math.round(kib('VmRSS') / 1024), peak: Math.round(kib('VmHWM') / 1024) };
}

async function timed<T>(work: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const start = performance.now();
  const value = await work();
  return { value, ms: performance.now() - start };
}

async function freshPostgresDatabase(server: PostgresServer): Promise<string> {
  const name = `bench_${Date.now().toString(36)}`;
  const client = new pg.Client({ connectionString: server.adminUrl });
  await client.connect();
  try {
    await client.query(`CREATE DATABASE ${name}`);
  } finally {
    await client.end();
  }
  const url = new URL(server.adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** The whole sitemap as a crawler reads it: the index, then each file, streamed and counted, never held. */
async function readSitemap(bffUrl: string): Promise<{ urls: number; files: number; megabytes: number }> {
  const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((match) => new URL(match[1]!));
  const index = await fetch(`${bffUrl}/sitemap.xml`);
  if (!index.ok) throw new Error(`sitemap.xml answered ${String(index.status)}`);
  const files = locs(await index.text());
  let urls = 0;
  let bytes = 0;
  for (const file of files) {
    const answer = await fetch(new URL(file.pathname, bffUrl));
    if (!answer.ok || answer.body === null)
      throw new Error(`${file.pathname} answered ${String(answer.status)}`);
    const decoder = new TextDecoder();
    let tail = '';
    const reader = (answer.body as ReadableStream<Uint8Array>).getReader();
    for (let read = await reader.read(); !read.done; read = await reader.read()) {
      const chunk = read.value;
      bytes += chunk.byteLength;
      // A </url> cut between two chunks is found once its end has arrived (the tail is shorter than the tag).
      const text = tail + decoder.decode(chunk, { stream: true });
      urls += text.split('</url>').length - 1;
      tail = text.slice(-5);
    }
  }
  return { urls, files: files.length, megabytes: bytes / 1024 / 1024 };
}

/** The spec's list from the BFF against a bare server sending the same bytes, 5 s each, 4 connections. */
async function listAgainstBare(bffUrl: string): Promise<{ store: number; bare: number; megabytes: number }> {
  const bytes = Buffer.from(await (await fetch(`${bffUrl}/api/product/list`)).arrayBuffer());
  const bare = createServer((_request, response) => {
    response.writeHead(200, {
      'content-type': 'application/json; charset=utf-8',
      'content-length': bytes.length,
    });
    response.end(bytes);
  });
  await new Promise<void>((resolve) => bare.listen(0, '127.0.0.1', resolve));
  try {
    const options = { connections: 4, duration: 5 };
    const store = await measure('store list', { ...options, url: `${bffUrl}/api/product/list` });
    const direct = await measure('bare list', {
      ...options,
      url: `http://127.0.0.1:${(bare.address() as AddressInfo).port}/`,
    });
    return {
      store: store.requestsPerSecond,
      bare: direct.requestsPerSecond,
      megabytes: bytes.length / 1024 / 1024,
    };
  } finally {
    await new Promise((resolve) => bare.close(resolve));
  }
}

printMachine();
if (!existsSync(path.join(`${WEB_DIST}-server`, 'server.json'))) {
  console.log('Building the web app (the collection HTML is rendered by its server half)…');
  const build = spawnSync('npm', ['run', 'build:web'], {
    cwd: ROOT,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const postgres = DATABASES.includes('postgres') ? await startPostgres() : undefined;
const rows: string[] = [];
try {
  for (const size of SIZES) {
    const work = mkdtempSync(path.join(tmpdir(), 'bench-catalog-'));
    try {
      const file = path.join(work, `catalog-${size}.json`);
      spawnSync('npx', ['tsx', 'scripts/generate-catalog.ts', String(size), file, '--stock'], {
        cwd: ROOT,
        stdio: 'ignore',
      });
      for (const database of DATABASES) {
        const dataDir = path.join(work, `data-${database}`);
        const env: Record<string, string> = { DATA_DIR: dataDir, SEED_CATALOG: 'false', LOG_LEVEL: 'silent' };
        if (database === 'postgres') env.DATABASE_URL = await freshPostgresDatabase(postgres!);
        console.log(`\n${size} products on ${database}: importing…`);
        const started = performance.now();
        const imported = spawnSync('npx', ['tsx', 'api/src/catalog/import.ts', file], {
          cwd: ROOT,
          env: { ...process.env, ...env },
          encoding: 'utf8',
        });
        const importSeconds = (performance.now() - started) / 1000;
        if (imported.status !== 0) throw new Error(`import failed:\n${imported.stderr}`);

        const api = await startService({
          entry: 'api/src/main.ts',
          output: 'stderr',
          env: { ...env, API_PORT: '0' },
        });
        const bff = await startService({
          entry: 'bff/src/main.ts',
          output: 'stderr',
          env: { API_URL: api.url, BFF_PORT: '0', NODE_ENV: 'production', LOG_LEVEL: 'silent', WEB_DIST },
        });
        try {
          const ask = (variables: Record<string, unknown>) =>
            fetch(`${bff.url}/graphql`, {
              method: 'POST',
              headers: { 'content-type': 'application/json' },
              body: JSON.stringify({ query: COLLECTION, variables }),
            }).then(async (response) => {
              const body = (await response.json()) as { errors?: unknown[] };
              if (body.errors) throw new Error(`GraphQL errors: ${JSON.stringify(body.errors)}`);
            });
          const queries = distinctQueries(QUERIES + 20);
          // Warm-up: connections, the version probe, JIT.
          for (const variables of queries.slice(QUERIES)) await ask(variables);
          const latencies: number[] = [];
          const inStock: number[] = [];
          for (const variables of queries.slice(0, QUERIES)) {
            const took = (await timed(() => ask(variables))).ms;
            latencies.push(took);
            if ((variables.filter as { inStock?: boolean }).inStock) inStock.push(took);
          }
          latencies.sort((a, b) => a - b);
          inStock.sort((a, b) => a - b);

          const pages: number[] = [];
          let withProducts = 0;
          for (let i = 0; i < PAGES; i += 1) {
            const word = WORDS[i % WORDS.length]!;
            const url = `${bff.url}/collection?category=${i % 2 === 0 ? 'MEN' : 'WOMEN'}&sort=${SORTS[i % 3]!}&q=${encodeURIComponent(word)}&p=${String(i)}`;
            const { value: html, ms: took } = await timed(async () => (await fetch(url)).text());
            // Rendered with its products, where the search finds any (a shell has none).
            if (html.includes('href="/product/')) withProducts += 1;
            pages.push(took);
          }
          pages.sort((a, b) => a - b);

          const beforeSitemap = memoryOf(bff);
          const { value: sitemap, ms: sitemapMs } = await timed(() => readSitemap(bff.url));
          const afterSitemap = memoryOf(bff);
          const sitemapCell =
            `${(sitemapMs / 1000).toFixed(1)} s, ${sitemap.urls.toLocaleString('en')} URLs in ${String(sitemap.files)} files (${sitemap.megabytes.toFixed(1)} MB); ` +
            `BFF ${String(beforeSitemap.rss)} → ${String(afterSitemap.rss)} MiB (peak ${String(afterSitemap.peak)})`;
          console.log(`sitemap: ${sitemapCell}`);

          const list = await listAgainstBare(bff.url);
          const apiMemory = memoryOf(api);
          const bffMemory = memoryOf(bff);
          rows.push(
            `| ${size.toLocaleString('en')} | ${database} | ${importSeconds.toFixed(1)} s | ${ms(percentile(latencies, 50))} / ${ms(percentile(latencies, 95))} / ${ms(percentile(latencies, 99))} | ` +
              `${ms(percentile(inStock, 50))} / ${ms(percentile(inStock, 95))} (${String(inStock.length)} queries) | ` +
              `${ms(percentile(pages, 50))} / ${ms(percentile(pages, 95))} (${String(withProducts)}/${String(PAGES)} with products) | ${sitemapCell} | ${String(list.store)} / ${String(list.bare)} req/s (${(list.store / list.bare).toFixed(2)}×, ${list.megabytes.toFixed(1)} MB) | ` +
              `${String(apiMemory.rss)} + ${String(bffMemory.rss)} = ${String(apiMemory.rss + bffMemory.rss)} MiB (peaks ${String(apiMemory.peak)} + ${String(bffMemory.peak)}) |`,
          );
          console.log(rows.at(-1));
        } finally {
          await bff.stop();
          await api.stop();
        }
      }
    } finally {
      rmSync(work, { recursive: true, force: true });
    }
  }
} finally {
  await postgres?.stop();
}

console.log(
  '\n| products | database | import | GraphQL collection p50 / p95 / p99 ms | of which in stock only p50 / p95 ms | collection HTML p50 / p95 ms | whole sitemap | REST list: store / bare | API + BFF memory (RSS) |',
);
console.log('|---|---|---|---|---|---|---|---|---|');
for (const row of rows) console.log(row);
