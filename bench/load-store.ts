// `npm run bench:load`: 200 simulated shoppers sign up at the same moment, then shop for 60 s through the BFF on
// loopback (browse, filter, open products, add to cart, change quantities, place orders); then the database is asked
// whether every acknowledged order exists exactly once and every cart is what its shopper was last told.
// SHOPPERS and SECONDS change the size; SIGNUP_BATCH=25 signs them up 25 at a time instead of all at once;
// CPU_PROF=<folder> writes V8 CPU profiles (`--cpu-prof`) of the API and the BFF there.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { startApi } from '../tests/support/api-process.js';
import { startBff } from '../tests/support/bff-process.js';
import { openStoreDatabase } from '../tests/support/databases.js';
import { printLoadReport, runShoppers, verifyAgainstDatabase } from '../tests/support/shoppers.js';

const shoppers = Number(process.env.SHOPPERS ?? 200);
const seconds = Number(process.env.SECONDS ?? 60);
const signUpBatch = process.env.SIGNUP_BATCH ? Number(process.env.SIGNUP_BATCH) : undefined;
/** The goal: every shopper of the burst signed up without a visible error, each within 15 s. */
const SIGN_UP_GOAL_MS = 15_000;

function profiled(name: string): string[] | undefined {
  const folder = process.env.CPU_PROF;
  if (!folder) return undefined;
  const dir = path.resolve(folder, name);
  mkdirSync(dir, { recursive: true });
  return ['--cpu-prof', `--cpu-prof-dir=${dir}`];
}

// Every simulated shopper comes from 127.0.0.1, so the per-address sign-up limit is lifted for the run.
const api = await startApi({ LOG_LEVEL: 'silent', AUTH_RATE_LIMIT_MAX: '1000000' }, undefined, profiled('api'));
const bff = await startBff(api.url, { NODE_ENV: 'production', LOG_LEVEL: 'silent' }, profiled('bff'));
try {
  const result = await runShoppers(bff.url, shoppers, seconds * 1000, { signUpBatch });
  const store = openStoreDatabase({}, api.dataDir);
  try {
    const verdict = await verifyAgainstDatabase(result, store.db);
    printLoadReport(result, verdict);
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
      verdict.cartMismatches.length > 0;
    console.log(
      failed
        ? '\nFAILED: see the figures above.'
        : `\nOK: every shopper signed up within ${SIGN_UP_GOAL_MS / 1000} s; nothing lost, nothing duplicated, no 5xx.`,
    );
    process.exitCode = failed ? 1 : 0;
  } finally {
    await store.destroy();
  }
} finally {
  await bff.stop();
  await api.stop();
}
