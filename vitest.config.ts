import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

// The store's processes built once per run for the suites that start them (tests/support/prebuilt.ts).
const PREBUILT = 'tests/support/prebuilt.ts';
// The hostile checks that compare an attack's time with an ordinary request's: nothing else may run beside them.
const HOSTILE_TIMINGS = 'tests/hostile/api.test.ts';

export default defineConfig({
  test: {
    // Two files at a time even on 2 cores (vitest's default there is one): most files wait on the API, the BFF
    // or PostgreSQL in other processes, so a second file roughly halves the wait (npm test: 12 → 8 minutes here).
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'unit',
          include: [
            'api/**/*.test.ts',
            'bff/**/*.test.ts',
            'domain/**/*.test.ts',
            'lib/**/*.test.ts',
            'scripts/**/*.test.ts',
          ],
          environment: 'node',
          // Plain modules that restore what they stub: one module graph per worker, not one per file (this project
          // and machines: 26 → 16 s here).
          isolate: false,
        },
      },
      {
        test: {
          name: 'machines',
          include: ['machines/**/*.test.ts'],
          environment: 'node',
          isolate: false, // as unit's
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'web',
          include: ['web/src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['web/src/test/brand.ts', 'web/src/test/setup.ts'],
          // One module graph per worker: setup.ts resets what the app's modules keep after each test (a fresh
          // Apollo Client, the session, the toasts), and loading React, Apollo and jsdom's helpers once instead of
          // per file takes this project from 140 to 50 CPU-s.
          isolate: false,
        },
      },
      {
        test: {
          name: 'contract',
          include: ['tests/api/**/*.test.ts', 'tests/scale/**/*.test.ts'],
          environment: 'node',
          globalSetup: [PREBUILT, 'tests/support/postgres-global-setup.ts'],
          // Each file starts its own processes and databases; the test modules need no fresh copy per file.
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'bff',
          globalSetup: [PREBUILT],
          include: ['tests/bff/**/*.test.ts'],
          environment: 'node',
          isolate: false, // as contract's
          testTimeout: 30_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          // What a hostile client tries (issue 27): floods, over-deep bodies, costly queries; every request's work bounded.
          name: 'hostile',
          globalSetup: [PREBUILT],
          include: ['tests/hostile/**/*.test.ts'],
          exclude: [HOSTILE_TIMINGS],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          // The hostile API checks that compare two timings: run alone, after the projects above.
          name: 'hostile-timings',
          globalSetup: [PREBUILT],
          include: [HOSTILE_TIMINGS],
          environment: 'node',
          sequence: { groupOrder: 1 },
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          // Spec section 7's REST contract, against our API and the stand-in of the original backend (or CONTRACT_URL).
          name: 'section7',
          globalSetup: [PREBUILT],
          include: ['tests/section7/**/*.test.ts'],
          environment: 'node',
          isolate: false, // as contract's
          testTimeout: 30_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          // Last: the browsers take both cores.
          sequence: { groupOrder: 2 },
          // The shared store, through tsx as a shop runs it, and meanwhile the run's builds (PREBUILT): the stores
          // files start later find them in the environment, and `npm start` runs those (scripts/start.ts, decision 023).
          globalSetup: ['tests/e2e/global-setup.ts'],
          // Two files at a time, each with its own browser: most of a journey is waiting on the store and on
          // animations. Files that change or stop a store start their own; the rest share the one started here.
          maxWorkers: 2,
          isolate: false, // as contract's: each file opens its own browser and pages
          testTimeout: 60_000,
          // A poll waits on a browser that shares two cores with the store and another browser: vitest's 1 s
          // default fails a journey on a busy machine (a release of held code at 8× CPU throttling takes 2–3 s).
          expect: { poll: { timeout: 10_000 } },
          hookTimeout: 300_000,
        },
      },
    ],
  },
});
