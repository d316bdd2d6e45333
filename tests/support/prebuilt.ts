import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type Plugin } from 'esbuild';
import {
  PREBUILT_ENV,
  prebuiltFromEnvironment,
  prebuiltRun,
  programArgs,
  ROOT,
  type PrebuiltRun,
} from '../../scripts/service-process.js';

// The suites start some hundred APIs, BFFs and command-line runs. Through tsx each pays for loading every module
// through its loader (about 3 s of CPU for an API here); built once per run into one file, about a third of that.

/** The entries the suites run as processes. */
export const PREBUILT_ENTRIES = [
  'api/src/main.ts',
  'bff/src/main.ts',
  'api/src/catalog/import.ts',
  'api/src/admin/cli.ts',
  'scripts/generate-catalog.ts',
  'scripts/start.ts',
] as const;
export type PrebuiltEntry = (typeof PREBUILT_ENTRIES)[number];

const NOT_BUNDLED = [
  'better-sqlite3',
  'sharp',
  '@node-rs/argon2',
  'pg',
  'pg-native',
  '@clerk/backend',
  'graphql',
  'pino',
  'thread-stream',
];
const DIR = path.join(ROOT, 'node_modules/.cache/store-prebuilt');
const STALE_AFTER_MS = 24 * 60 * 60 * 1000;

/** Each module keeps its own `import.meta.url`, so the files it finds beside its source (the seed, the schema) it still finds. */
const ownMetaUrl: Plugin = {
  name: 'own-import-meta-url',
  setup(builder) {
    builder.onLoad({ filter: /\.ts$/ }, async (args) => {
      if (args.path.includes(`${path.sep}node_modules${path.sep}`)) return undefined;
      const source = await readFile(args.path, 'utf8');
      const contents = source
        .replaceAll('import.meta.url', JSON.stringify(pathToFileURL(args.path).href))
        .replaceAll('import.meta.dirname', JSON.stringify(path.dirname(args.path)));
      return { contents, loader: 'ts' };
    });
  },
};

/** Builds one entry into `node_modules/.cache` (what stays an import resolves from there), named by its content. */
async function prebuild(entry: PrebuiltEntry): Promise<string> {
  const result = await build({
    entryPoints: [path.join(ROOT, entry)],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    // Packages are bundled too (loading them one by one was most of a start), except native addons, graphql (one
    // copy for the BFF and the web's server build it imports), pino (its transports are files of their own) and
    // what the store imports only when it is used (pg for PostgreSQL, Clerk for its tokens): no start compiles them.
    external: NOT_BUNDLED,
    // Bundled CommonJS packages require Node's modules.
    banner: {
      js: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);",
    },
    write: false,
    logLevel: 'warning',
    plugins: [ownMetaUrl],
  });
  const text = result.outputFiles[0]!.contents;
  const hash = createHash('sha256').update(text).digest('hex').slice(0, 16);
  const file = path.join(DIR, `${entry.replaceAll('/', '-').replace(/\.ts$/, '')}-${hash}.mjs`);
  // Another run may be writing the same file: write aside, then rename (atomic).
  const partial = `${file}.${process.pid}.partial`;
  writeFileSync(partial, text);
  renameSync(partial, file);
  return file;
}

function removeStale(): void {
  for (const name of readdirSync(DIR)) {
    const file = path.join(DIR, name);
    try {
      if (Date.now() - statSync(file).mtimeMs > STALE_AFTER_MS) rmSync(file, { force: true });
    } catch {
      // Another run removed it first.
    }
  }
}

/** Vitest global setup: builds the entries once for the run; the test processes find them through the environment. */
export default async function setup(): Promise<void> {
  if (prebuiltRun()?.by === process.pid) return;
  mkdirSync(DIR, { recursive: true });
  removeStale();
  const built = await Promise.all(
    PREBUILT_ENTRIES.map(async (entry): Promise<[PrebuiltEntry, string]> => [entry, await prebuild(entry)]),
  );
  const prebuilt: PrebuiltRun = { by: process.pid, files: Object.fromEntries(built) };
  process.env[PREBUILT_ENV] = JSON.stringify(prebuilt);
}

/** This run's build of `entry`, if the run has one (a test file run without the global setup has not). */
export function prebuiltOf(entry: PrebuiltEntry): string | undefined {
  return prebuiltFromEnvironment(entry);
}

/** Node's arguments to run `entry`: its build when the run has one, else the TypeScript through tsx. */
export function nodeArgsOf(entry: PrebuiltEntry): string[] {
  return programArgs(entry, prebuiltOf(entry));
}
