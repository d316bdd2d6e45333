// `npm run bench:load`: 200 simulated shoppers sign up at the same moment, then shop for 60 s through the BFF on
// loopback (browse, filter, open products, add to cart, change quantities, place orders); then the database is asked
// whether every acknowledged order exists exactly once and every cart is what its shopper was last told.
// SHOPPERS and SECONDS change the size; SIGNUP_BATCH=25 signs them up 25 at a time instead of all at once;
// CPU_PROF=<folder> writes V8 CPU profiles (`--cpu-prof`) of the API and the BFF there.
// STOCK=scarce gives every size of every product 0 to 4 pairs before the run (set in the database), so shoppers race
// for the last pairs: a refusal for stock is a correct answer; the run fails if a count ever goes below 0 or the
// pairs left are not the pairs at the start less those in stored orders.
import { startApi } from '../tests/support/api-process.js';
import { profiled } from './cpu-profile.js';
import { startBff } from '../tests/support/bff-process.js';
import type { StoreDatabase } from '../api/src/db/database.js';
import { openStoreDatabase } from '../tests/support/databases.js';
import {
  printLoadReport,
  runShoppers,
  sampleLowestStock,
  verifyAgainstDatabase,
  verifyStock,
  type StockVerdict,
} from '../tests/support/shoppers.js';
import { setStockRows, stockKey, type StockRow } from '../tests/support/stock-rows.js';

const shoppers = Number(process.env.SHOPPERS ?? 200);
const seconds = Number(process.env.SECONDS ?? 60);
const signUpBatch = process.env.SIGNUP_BATCH ? Number(process.env.SIGNUP_BATCH) : undefined;
const scarce = process.env.STOCK === 'scarce';
/** In scarce mode, each size starts with 0 to this many pairs. */
const SCARCE_MAX_PAIRS = 4;
/** The goal: every shopper of the burst signed up without a visible error, each within 15 s. */
const SIGN_UP_GOAL_MS = 15_000;

/** Scarce stock for the whole catalogue; answers each size's first count. */
async function setScarceStock(store: StoreDatabase): Promise<Map<string, number>> {
  const products = await store.db.selectFrom('products').select(['id', 'sizes']).execute();
  const rows: StockRow[] = products.flatMap(({ id, sizes }) =>
    (JSON.parse(sizes) as string[]).map((size) => ({
      productId: id,
      size,
      quantity: Math.floor(Math.random() * (SCARCE_MAX_PAIRS + 1)),
    })),
  );
  await setStockRows(store.db, rows);
  return new Map(rows.map((row) => [stockKey(row.productId, row.size), row.quantity]));
}

// Every simulated shopper comes from 127.0.0.1, so the per-address sign-up limit is lifted for the run.
const api = await startApi(
  { LOG_LEVEL: 'silent', AUTH_RATE_LIMIT_MAX: '1000000' },
  undefined,
  profiled('api'),
);
const bff = await startBff(api.url, { NODE_ENV: 'production', LOG_LEVEL: 'silent' }, profiled('bff'));
const store = openStoreDatabase({}, api.dataDir);
try {
  const initialStock = scarce ? await setScarceStock(store) : undefined;
  const shopping = runShoppers(bff.url, shoppers, seconds * 1000, { signUpBatch });
  const { result, lowestSeen } = initialStock
    ? await sampleLowestStock(store.db, shopping)
    : { result: await shopping, lowestSeen: Number.POSITIVE_INFINITY };
  const verdict = await verifyAgainstDatabase(result, store.db);
  const stock: StockVerdict | undefined =
    initialStock && (await verifyStock(store.db, initialStock, lowestSeen));
  printLoadReport(result, verdict, stock);
  const signUpFailures = Object.values(result.signUps.failures).reduce((sum, n) => sum + n, 0);
  const slowSignUps = result.signUps.latenciesMs.filter((ms) => ms > SIGN_UP_GOAL_MS).length;
  if (slowSignUps > 0) console.log(`sign-ups slower than ${SIGN_UP_GOAL_MS / 1000} s: ${slowSignUps}`);
  const failed =
    signUpFailures > 0 ||
    slowSignUps > 0 ||
    result.serverErrors > 0 ||
    verdict.lostOrders.length > 0 ||
    verdict.duplicatedKeys.length > 0 ||
    verdict.unacknowledgedOrders > 0 ||
    verdict.cartMismatches.length > 0 ||
    verdict.refusedButStored.length > 0 ||
    (stock !== undefined &&
      (stock.lowestSeen < 0 || stock.negative.length > 0 || stock.unaccounted.length > 0));
  console.log(
    failed
      ? '\nFAILED: see the figures above.'
      : `\nOK: every shopper signed up within ${SIGN_UP_GOAL_MS / 1000} s; nothing lost, nothing duplicated, no 5xx` +
          (stock ? '; no count below 0, every pair accounted for.' : '.'),
  );
  process.exitCode = failed ? 1 : 0;
} finally {
  await store.destroy();
  await bff.stop();
  await api.stop();
}
