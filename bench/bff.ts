// `npm run bench:bff`: the BFF against the API it fronts, on loopback, in one run (SQLite, a fresh data folder).
// Targets: the collection's product list through GraphQL ≥ 1.0× the direct REST list (the BFF's catalogue and
// response caches earn it); a cart write (a line set to its next quantity, as the screens add one) through GraphQL
// costs ≤ 2 ms more than direct at p50.
// The list cases run in interleaved rounds (ROUNDS, default 5; SECONDS per case, default 4), their order turning each
// round, so the drift of a shared machine falls on every case alike: the ratio is each round's, and the median is the
// figure. BASELINE=<git ref> adds the BFF of that commit, in front of the same API, as one more case of every round:
// before and after in one run. Each case also reports the CPU time each process spent per answer.
// CPU_PROF=<folder> writes V8 CPU profiles (`--cpu-prof`) of the API and the BFF(s) there.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { MAX_LINE_QUANTITY } from '#domain/store-rules';
import { ROOT, startService, type RunningService } from '../scripts/service-process.js';
import { startApi } from '../tests/support/api-process.js';
import { profiled } from './cpu-profile.js';
import { CART_LINES } from '../tests/support/graphql.js';
import { listProducts, signUp } from '../tests/support/store-api.js';
import { measure, printTable, type Figures } from './load.js';
import { printMachine } from './machine.js';

const json = { 'content-type': 'application/json' };
// What the collection page asks on a first visit.
const COLLECTION = JSON.stringify({
  query: `query Collection($first: Int) { products(first: $first) { totalCount nodes { id name price images }
    pageInfo { hasNextPage endCursor } facets { categories { category count } types { type count } } } }`,
  variables: { first: 24 },
});
const UPDATE = `mutation UpdateCartLine($productId: ID!, $size: String!, $quantity: Int!) {
  updateCartLine(productId: $productId, size: $size, quantity: $quantity) { ${CART_LINES} } }`;

const rounds = Number(process.env.ROUNDS ?? 5);
const seconds = Number(process.env.SECONDS ?? 4);
const baselineRef = process.env.BASELINE;

/** The tree of a commit in a temporary folder, sharing this checkout's node_modules. */
function checkout(ref: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-bff-baseline-'));
  const tar = execFileSync('git', ['archive', ref], { cwd: ROOT, maxBuffer: 1024 * 1024 * 1024 });
  execFileSync('tar', ['-x', '-C', dir], { input: tar });
  symlinkSync(path.join(ROOT, 'node_modules'), path.join(dir, 'node_modules'));
  return dir;
}

// Only /graphql is measured: neither BFF serves the web app's pages (each reads its own tree's absent build), so
// the two run the same way whatever the current build is.
const startBff = (apiUrl: string, root: string | undefined, name: string): Promise<RunningService> =>
  startService({
    entry: 'bff/src/main.ts',
    root,
    output: 'stderr',
    nodeArgs: profiled(name),
    env: {
      BFF_PORT: '0',
      API_URL: apiUrl,
      NODE_ENV: 'production',
      LOG_LEVEL: 'silent',
      WEB_DIST: path.join(tmpdir(), 'bench-bff-no-web'),
    },
  });

/** CPU time (user + system) a process has used, in microseconds (Linux). */
function cpuMicros(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  const ticks = Number(fields[11]) + Number(fields[12]);
  return (ticks * 1_000_000) / 100;
}

const median = (values: readonly number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

printMachine();
const baselineDir = baselineRef === undefined ? undefined : checkout(baselineRef);
const api = await startApi(
  { LOG_LEVEL: 'silent', AUTH_RATE_LIMIT_MAX: '100000' },
  undefined,
  profiled('api'),
);
const bff = await startBff(api.url, undefined, 'bff');
const baseline = baselineDir === undefined ? undefined : await startBff(api.url, baselineDir, 'bff-baseline');
try {
  const products = await listProducts(api.url);
  const lines = products.flatMap((p) => p.sizes.map((size) => ({ itemId: p._id, size })));
  const shoppers = await Promise.all(Array.from({ length: 100 }, () => signUp(api.url)));

  // The list: REST direct, GraphQL through this BFF, and through the baseline's.
  interface ListCase {
    name: string;
    options: Parameters<typeof measure>[1];
    /** The processes whose CPU time each answer costs. */
    pids: Array<{ name: string; pid: number }>;
    rows: Figures[];
    cpu: Array<Record<string, number>>;
  }
  const graphql = (url: string) => ({
    url: `${url}/graphql`,
    method: 'POST' as const,
    headers: json,
    body: COLLECTION,
  });
  const apiPid = { name: 'API', pid: api.pid };
  const cases: ListCase[] = [
    {
      name: 'REST GET /api/product/list',
      options: { url: `${api.url}/api/product/list` },
      pids: [apiPid],
      rows: [],
      cpu: [],
    },
    {
      name: 'GraphQL products (collection)',
      options: graphql(bff.url),
      pids: [apiPid, { name: 'BFF', pid: bff.child.pid! }],
      rows: [],
      cpu: [],
    },
  ];
  if (baseline) {
    cases.push({
      name: `GraphQL products, BFF of ${baselineRef}`,
      options: graphql(baseline.url),
      pids: [apiPid, { name: 'BFF', pid: baseline.child.pid! }],
      rows: [],
      cpu: [],
    });
  }
  // Caches filled and code optimized before the first round.
  for (const c of cases) await measure(c.name, { ...c.options, duration: 1 });
  console.log(`\nproduct list, ${rounds} interleaved rounds of ${seconds} s per case (20 connections):`);
  for (let round = 0; round < rounds; round += 1) {
    const order = cases.map((_, i) => cases[(i + round) % cases.length]!);
    for (const c of order) {
      const before = c.pids.map(({ pid }) => cpuMicros(pid));
      const row = await measure(c.name, { ...c.options, duration: seconds });
      const answers = Math.max(1, row.requestsPerSecond * seconds);
      c.rows.push(row);
      c.cpu.push(
        Object.fromEntries(c.pids.map(({ name, pid }, i) => [name, (cpuMicros(pid) - before[i]!) / answers])),
      );
    }
    const rest = cases[0]!.rows[round]!.requestsPerSecond;
    const figures = cases.map((c) => `${c.rows[round]!.requestsPerSecond} req/s`).join(' · ');
    const ratios = cases
      .slice(1)
      .map((c) => `${(c.rows[round]!.requestsPerSecond / rest).toFixed(2)}×`)
      .join(' · ');
    console.log(`round ${round + 1}: ${figures}; GraphQL / REST ${ratios}`);
  }
  const summary: Figures[] = cases.map((c) => ({
    name: `${c.name} (median of ${rounds})`,
    requestsPerSecond: Math.round(median(c.rows.map((r) => r.requestsPerSecond))),
    p50: median(c.rows.map((r) => r.p50)),
    p99: median(c.rows.map((r) => r.p99)),
    non2xx: c.rows.reduce((sum, r) => sum + r.non2xx, 0),
    errors: c.rows.reduce((sum, r) => sum + r.errors, 0),
  }));
  printTable(summary);
  console.log('\nCPU per answer (median µs):');
  for (const c of cases) {
    const parts = c.pids.map(({ name }) => `${name} ${Math.round(median(c.cpu.map((cpu) => cpu[name]!)))}`);
    console.log(`  ${c.name}: ${parts.join(', ')}`);
  }
  const ratioOf = (c: ListCase) =>
    median(c.rows.map((r, i) => r.requestsPerSecond / cases[0]!.rows[i]!.requestsPerSecond));
  console.log(
    `\nproduct list: GraphQL / REST throughput, median of the rounds' ratios = ${ratioOf(cases[1]!).toFixed(2)}× (target ≥ 1.0×)`,
  );
  if (cases[2]) console.log(`  the BFF of ${baselineRef}: ${ratioOf(cases[2]).toFixed(2)}×`);

  let n = 0;
  // What each shopper's line was last set to, so each write sets one more (wrapping at the 99 cap).
  const quantities = new Map<string, number>();
  // The same rotation as bench:api: 100 shoppers, carts of up to 6 lines.
  const nextLine = () => {
    n += 1;
    const index = n % shoppers.length;
    const { itemId, size } = lines[(index * 7 + (Math.floor(n / shoppers.length) % 6)) % lines.length]!;
    const key = `${index}/${itemId}/${size}`;
    const quantity = ((quantities.get(key) ?? 0) % MAX_LINE_QUANTITY) + 1;
    quantities.set(key, quantity);
    return { token: shoppers[index]!.token, line: { itemId, size, quantity } };
  };
  const cartCase = (
    name: string,
    url: string,
    path: string,
    body: (line: { itemId: string; size: string; quantity: number }) => string,
  ) =>
    measure(name, {
      url,
      connections: 10,
      requests: [
        {
          method: 'POST',
          path,
          setupRequest: (request) => {
            const { token, line } = nextLine();
            return { ...request, body: body(line), headers: { ...json, authorization: `Bearer ${token}` } };
          },
        },
      ],
    });
  const restSet = await cartCase('REST POST /api/cart/update', api.url, '/api/cart/update', (line) =>
    JSON.stringify(line),
  );
  const gqlSet = await cartCase('GraphQL updateCartLine', bff.url, '/graphql', (line) =>
    JSON.stringify({
      query: UPDATE,
      variables: { productId: line.itemId, size: line.size, quantity: line.quantity },
    }),
  );
  printTable([restSet, gqlSet]);
  console.log(
    `\ncart write: GraphQL p50 overhead = ${(gqlSet.p50 - restSet.p50).toFixed(2)} ms (target ≤ 2 ms)`,
  );
  const failures = [...summary, restSet, gqlSet].reduce((sum, r) => sum + r.non2xx + r.errors, 0);
  if (failures > 0) console.log(`\n${failures} failed requests: the figures above are not valid.`);
} finally {
  await baseline?.stop();
  await bff.stop();
  await api.stop();
  if (baselineDir !== undefined) rmSync(baselineDir, { recursive: true, force: true });
}
