// `npm run bench:load`: 200 simulated shoppers for 60 s through the BFF on loopback (browse, filter, open products,
// add to cart, change quantities, place orders), then the database is asked whether every acknowledged order
// exists exactly once and every cart is what its shopper was last told. SHOPPERS and SECONDS override the size.
import { startApi } from '../tests/support/api-process.js';
import { startBff } from '../tests/support/bff-process.js';
import { openStoreDatabase } from '../tests/support/databases.js';
import { printLoadReport, runShoppers, verifyAgainstDatabase } from '../tests/support/shoppers.js';

const shoppers = Number(process.env.SHOPPERS ?? 200);
const seconds = Number(process.env.SECONDS ?? 60);
// Every simulated shopper comes from 127.0.0.1, so the per-address sign-up limit is lifted for the run.
const api = await startApi({ LOG_LEVEL: 'silent', AUTH_RATE_LIMIT_MAX: '1000000' });
const bff = await startBff(api.url, { NODE_ENV: 'production', LOG_LEVEL: 'silent' });
try {
  const result = await runShoppers(bff.url, shoppers, seconds * 1000);
  const store = openStoreDatabase({}, api.dataDir);
  try {
    const verdict = await verifyAgainstDatabase(result, store.db);
    printLoadReport(result, verdict);
    const failed =
      result.serverErrors > 0 ||
      verdict.lostOrders.length > 0 ||
      verdict.duplicatedKeys.length > 0 ||
      verdict.unacknowledgedOrders > 0 ||
      verdict.cartMismatches.length > 0;
    console.log(failed ? '\nFAILED: see the figures above.' : '\nOK: nothing lost, nothing duplicated, no 5xx.');
    process.exitCode = failed ? 1 : 0;
  } finally {
    await store.destroy();
  }
} finally {
  await bff.stop();
  await api.stop();
}
