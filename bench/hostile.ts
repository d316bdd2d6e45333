// `npm run bench:hostile`: the floods of issue 27 replayed against the store started as `npm start` starts it
// (production BFF, CORS_ORIGINS set, SQLite), on loopback with bounded request counts. For each: what it cost the
// API and the BFF in memory (resident, before and after, and the peak) and how long a refusal or an answer took.
// Goals: the costly query refused or ≤ 1 MB; 150 Host values retain ≤ 40 MB; 400 distinct cacheable queries
// ≤ 100 MB; a deep body refused within 3× a flat one; the health check within 200 ms meanwhile; a hostile search
// ≤ 5× an ordinary one.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ROOT } from '../scripts/service-process.js';
import { startApi } from '../tests/support/api-process.js';
import { startBff } from '../tests/support/bff-process.js';
import { connectInspector, freePort } from './inspector.js';
import { peakRssMiB, printMachine, rssMiB } from './machine.js';

const ORIGIN = 'http://shop.example';
const COSTLY = `{ products(filter:{categories:[MEN],types:[SNEAKERS]},first:100){ nodes { related(limit:20){ related(limit:20){ related(limit:20){ description } } } } } }`;

interface Answer {
  status: number;
  bytes: number;
  ms: number;
}

/** One request with full control of its headers (fetch will not send a forged Host). */
function send(
  base: string,
  method: string,
  path: string,
  headers: Record<string, string>,
  body?: string | Buffer,
): Promise<Answer> {
  const url = new URL(path, base);
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const request = http.request(
      { host: url.hostname, port: url.port, method, path: url.pathname + url.search, headers, agent: false },
      (response) => {
        let bytes = 0;
        response.on('data', (chunk: Buffer) => (bytes += chunk.length));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, bytes, ms: performance.now() - started }),
        );
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

const postJson = (base: string, path: string, body: string | Buffer, headers: Record<string, string> = {}) =>
  send(
    base,
    'POST',
    path,
    { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)), ...headers },
    body,
  );

const median = (values: readonly number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;
const fmt = (n: number, digits = 0) =>
  n.toLocaleString('en-GB', { maximumFractionDigits: digits, minimumFractionDigits: digits });

interface Row {
  flood: string;
  requests: number;
  time: string;
  api: string;
  bff: string;
  goal: string;
  met: boolean;
}
const rows: Row[] = [];

/** Products in the generated catalogue: about 30 per category × type, so the costly query has lists to multiply. */
const PRODUCTS = Number(process.env.PRODUCTS ?? 300);

printMachine();
const work = mkdtempSync(path.join(tmpdir(), 'bench-hostile-'));
const catalogue = path.join(work, 'catalog.json');
const dataDir = path.join(work, 'data');
spawnSync('npx', ['tsx', 'scripts/generate-catalog.ts', String(PRODUCTS), catalogue], {
  cwd: ROOT,
  stdio: 'ignore',
});
const imported = spawnSync('npx', ['tsx', 'api/src/catalog/import.ts', catalogue], {
  cwd: ROOT,
  env: { ...process.env, DATA_DIR: dataDir, SEED_CATALOG: 'false', LOG_LEVEL: 'silent' },
  encoding: 'utf8',
});
if (imported.status !== 0) throw new Error(`import failed:\n${imported.stderr}`);
console.log(`${PRODUCTS} generated products (PRODUCTS changes it), SQLite`);
const [apiPort, bffPort] = [await freePort(), await freePort()];
const api = await startApi({ LOG_LEVEL: 'silent', CORS_ORIGINS: ORIGIN, SEED_CATALOG: 'false' }, dataDir, [
  `--inspect=127.0.0.1:${apiPort}`,
]);
const bff = await startBff(api.url, { NODE_ENV: 'production', LOG_LEVEL: 'silent', CORS_ORIGINS: ORIGIN }, [
  `--inspect=127.0.0.1:${bffPort}`,
]);
const bffPid = bff.child.pid!;
const [apiInspector, bffInspector] = [await connectInspector(apiPort), await connectInspector(bffPort)];

interface Memory {
  rss: number;
  retained: number;
}
/** Each process's resident memory, and what it retains once garbage is collected (heap used + buffers). */
const memory = async (): Promise<{ api: Memory; bff: Memory }> => ({
  api: { rss: rssMiB(api.pid), retained: await apiInspector.retainedMiB() },
  bff: { rss: rssMiB(bffPid), retained: await bffInspector.retainedMiB() },
});
const retainedBy = (before: Memory, after: Memory) => after.retained - before.retained;
const change = (before: Memory, after: Memory) => {
  const retained = retainedBy(before, after);
  return `retains ${retained >= 0 ? '+' : ''}${fmt(retained, 1)} MiB (${fmt(before.retained)} → ${fmt(after.retained)}); RSS ${fmt(before.rss)} → ${fmt(after.rss)}`;
};

try {
  // Warm both processes as a shopper would, so the figures below are what the floods add.
  for (let i = 0; i < 20; i += 1) {
    await postJson(
      bff.url,
      '/graphql',
      JSON.stringify({ query: '{ products(first: 24) { totalCount nodes { id name price images } } }' }),
    );
    await send(bff.url, 'GET', '/api/product/list', { origin: ORIGIN });
  }

  // 1. One small query asking for a huge answer.
  {
    const before = await memory();
    const answer = await postJson(bff.url, '/graphql', JSON.stringify({ query: COSTLY }));
    const after = await memory();
    rows.push({
      flood: `costly query (${COSTLY.length} bytes): status ${answer.status}, ${fmt(answer.bytes)} bytes answered`,
      requests: 1,
      time: `${fmt(answer.ms, 1)} ms`,
      api: change(before.api, after.api),
      bff: `${change(before.bff, after.bff)}, peak RSS ${fmt(peakRssMiB(bffPid))}`,
      goal: 'refused or ≤ 1 MB',
      met: answer.status >= 400 || answer.bytes <= 1_000_000,
    });
  }

  // 2. 150 distinct 8 KB Host values on the spec's list, from an allowed origin.
  {
    const before = await memory();
    const times: number[] = [];
    for (let i = 0; i < 150; i += 1) {
      const host = `h${i}-${'x'.repeat(8 * 1024 - 12)}.example`;
      times.push((await send(bff.url, 'GET', '/api/product/list', { origin: ORIGIN, host })).ms);
    }
    const after = await memory();
    rows.push({
      flood: '150 distinct 8 KB `Host` values, `GET /api/product/list` with an allowed `Origin`',
      requests: 150,
      time: `median ${fmt(median(times), 1)} ms`,
      api: change(before.api, after.api),
      bff: change(before.bff, after.bff),
      goal: 'BFF retains ≤ 40 MB',
      met: retainedBy(before.bff, after.bff) <= 40,
    });
  }

  // 3. 400 distinct public queries, each a new document (an alias and a comment) with a large answer.
  {
    const before = await memory();
    const times: number[] = [];
    let bytes = 0;
    for (let i = 0; i < 400; i += 1) {
      const query = `{ p${i}: products(first: 100) { nodes { id name description images sizes category type price related(limit: 5) { id name description images } } } } # ${i}`;
      const answer = await postJson(bff.url, '/graphql', JSON.stringify({ query }));
      times.push(answer.ms);
      bytes = Math.max(bytes, answer.bytes);
    }
    const after = await memory();
    rows.push({
      flood: `400 distinct cacheable queries (answers up to ${fmt(bytes / 1024)} KiB)`,
      requests: 400,
      time: `median ${fmt(median(times), 1)} ms`,
      api: change(before.api, after.api),
      bff: change(before.bff, after.bff),
      goal: 'BFF retains ≤ 100 MB',
      met: retainedBy(before.bff, after.bff) <= 100,
    });
  }

  // 4. Deeply nested JSON before authentication, against a flat body of the same size; the health check meanwhile.
  {
    const size = 1024 * 1024 - 64;
    const deep = Buffer.from('['.repeat(size / 2) + ']'.repeat(size / 2));
    const flat = Buffer.from(JSON.stringify({ pad: 'x'.repeat(size - 12) }));
    const before = await memory();
    const deepTimes: number[] = [];
    const flatTimes: number[] = [];
    for (let i = 0; i < 5; i += 1) {
      flatTimes.push((await postJson(api.url, '/api/order/place', flat)).ms);
      deepTimes.push((await postJson(api.url, '/api/order/place', deep)).ms);
    }
    const floods = Array.from({ length: 4 }, () => postJson(api.url, '/api/order/place', deep));
    const health: number[] = [];
    for (let i = 0; i < 5; i += 1) health.push((await send(api.url, 'GET', '/api/health', {})).ms);
    await Promise.all(floods);
    const after = await memory();
    const ratio = median(deepTimes) / median(flatTimes);
    rows.push({
      flood: '1 MiB of nested `[[[…` to `POST /api/order/place` without a token, against a flat 1 MiB body',
      requests: 14,
      time: `deep ${fmt(median(deepTimes), 1)} ms, flat ${fmt(median(flatTimes), 1)} ms (${fmt(ratio, 1)}×)`,
      api: change(before.api, after.api),
      bff: '–',
      goal: 'deep ≤ 3× flat',
      met: ratio <= 3,
    });
    rows.push({
      flood: '`GET /api/health` while four deep bodies arrive',
      requests: 5,
      time: `slowest ${fmt(Math.max(...health), 1)} ms`,
      api: '–',
      bff: '–',
      goal: '≤ 200 ms',
      met: Math.max(...health) <= 200,
    });
  }

  // 5. A search word built to blow up the typo expansion, against an ordinary search.
  {
    // 100 letters, the longest search the API takes; each run a different word, so no cache answers it.
    const hostileWord = (run: number) =>
      Array.from({ length: 100 }, (_, i) => String.fromCodePoint(0x4e00 + run * 100 + i)).join('');
    const search = async (q: string) => {
      const answer = await send(api.url, 'GET', `/api/product/query?q=${encodeURIComponent(q)}&limit=24`, {});
      if (answer.status !== 200)
        throw new Error(`a search answered ${answer.status}: the figures would not be searches`);
      return answer;
    };
    const ordinary: number[] = [];
    const hostile: number[] = [];
    for (let i = 0; i < 15; i += 1) {
      ordinary.push((await search(`snekers leathr ${i}`)).ms);
      hostile.push((await search(hostileWord(i))).ms);
    }
    const ratio = median(hostile) / median(ordinary);
    rows.push({
      flood: 'a 100-letter word of distinct CJK letters, `GET /api/product/query?q=`, against "snekers"',
      requests: 30,
      time: `hostile ${fmt(median(hostile), 1)} ms (slowest ${fmt(Math.max(...hostile), 1)}), ordinary ${fmt(median(ordinary), 1)} ms (${fmt(ratio, 1)}×)`,
      api: '–',
      bff: '–',
      goal: 'hostile ≤ 5× ordinary',
      met: ratio <= 5,
    });
  }

  console.log(
    '\n| flood | requests | time | API memory | BFF memory | goal | met |\n|---|---|---|---|---|---|---|',
  );
  for (const r of rows)
    console.log(
      `| ${r.flood} | ${r.requests} | ${r.time} | ${r.api} | ${r.bff} | ${r.goal} | ${r.met ? 'yes' : '**no**'} |`,
    );
} finally {
  apiInspector.close();
  bffInspector.close();
  await bff.stop();
  await api.stop();
  rmSync(work, { recursive: true, force: true });
}
