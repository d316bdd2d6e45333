// `npm run bench:web`: Lighthouse (mobile emulation, simulated throttling) on the production build served by the
// BFF, started the README's way. Prints performance score, LCP, TBT, CLS and JS bytes per route (the run with
// the median score of RUNS, default 3).
// Targets: performance ≥ 98, CLS 0, LCP ≤ 1.5 s.
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../tests/support/browser.js';
import { firstProductId } from '../tests/support/graphql.js';
import { startStoreTheReadmeWay } from '../tests/support/store-process.js';

interface Row {
  route: string;
  lcpElement: string;
  score: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  jsKiB: number;
}

const RUNS = Number(process.env.RUNS ?? 3);

const store = await startStoreTheReadmeWay({ LOG_LEVEL: 'warn' });
const chrome = await chromeLauncher.launch({
  chromePath: CHROMIUM_PATH,
  chromeFlags: ['--headless=new', ...CHROMIUM_ARGS],
});
try {
  const routes = ['/', '/collection', `/product/${await firstProductId(store.url)}`];
  const rows: Row[] = [];
  for (const route of routes) {
    // A first run warms the BFF's caches the way real traffic would; of the next RUNS, the median is recorded
    // (Lighthouse's own advice: one run varies with whatever else the machine is doing).
    const measured: Row[] = [];
    for (let run = 0; run <= RUNS; run++) {
      const result = await lighthouse(new URL(route, store.url).toString(), {
        port: chrome.port,
        output: 'json',
        onlyCategories: ['performance'],
        logLevel: 'error',
      });
      if (result === undefined || run === 0) continue;
      // A run Lighthouse could not complete (its score is then 0) says nothing about the page: it is reported, not counted.
      if (result.lhr.runtimeError) {
        console.log(`${route}: run ${run} failed (${result.lhr.runtimeError.code}: ${result.lhr.runtimeError.message}); not counted`);
        continue;
      }
      const { audits, categories } = result.lhr;
      const items =
        (audits['resource-summary']?.details as { items?: Array<{ resourceType: string; transferSize: number }> } | undefined)?.items ?? [];
      const lcpItems = (
        audits['largest-contentful-paint-element']?.details as
          { items?: Array<{ items?: Array<{ node?: { snippet?: string } }> }> } | undefined
      )?.items;
      measured.push({
        route,
        lcpElement: (lcpItems?.[0]?.items?.[0]?.node?.snippet ?? '?').slice(0, 70),
        score: Math.round((categories.performance?.score ?? 0) * 100),
        lcpMs: Math.round(audits['largest-contentful-paint']?.numericValue ?? Number.NaN),
        tbtMs: Math.round(audits['total-blocking-time']?.numericValue ?? Number.NaN),
        cls: Number((audits['cumulative-layout-shift']?.numericValue ?? Number.NaN).toFixed(3)),
        jsKiB: Number(((items.find((i) => i.resourceType === 'script')?.transferSize ?? 0) / 1024).toFixed(1)),
      });
    }
    measured.sort((a, b) => a.score - b.score);
    console.log(`${route}: performance ${measured.map((r) => r.score).join(', ')}; LCP ms ${measured.map((r) => r.lcpMs).join(', ')}`);
    const median = measured[Math.floor(measured.length / 2)];
    if (median) rows.push(median);
  }
  console.log('\n| route | performance | LCP ms | TBT ms | CLS | JS KiB (transfer) |\n|---|---|---|---|---|---|');
  for (const r of rows) console.log(`| ${r.route} | ${r.score} | ${r.lcpMs} | ${r.tbtMs} | ${r.cls} | ${r.jsKiB} |`);
  console.log('\nLCP elements:');
  for (const r of rows) console.log(`  ${r.route}: ${r.lcpElement}`);
  const missed = rows.filter((r) => r.score < 98 || r.cls > 0 || r.lcpMs > 1500);
  console.log(missed.length === 0 ? '\nAll routes meet the targets.' : `\nMissed targets: ${missed.map((r) => r.route).join(', ')}`);
} finally {
  chrome.kill();
  await store.stop();
}
