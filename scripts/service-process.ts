import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

export const ROOT = path.resolve(import.meta.dirname, '..');

export interface RunningService {
  url: string;
  child: ChildProcess;
  /** Graceful stop (SIGTERM), waiting for the process to exit. */
  stop(): Promise<void>;
  /** kill -9, waiting for the process to exit. */
  kill(): Promise<void>;
}

export interface ServiceOptions {
  /** A TypeScript entry point, relative to `root`. */
  entry: string;
  /** The checkout it runs from (another commit's tree, for a before-and-after bench); this one by default. */
  root?: string;
  env: Record<string, string | undefined>;
  /** Where the child's output goes besides the URL scan: 'inherit' for `npm start`, 'stderr' for tests. */
  output: 'inherit' | 'stderr';
  startTimeoutMs?: number;
  /** Flags for node itself, such as `--cpu-prof` (which NODE_OPTIONS does not take). */
  nodeArgs?: string[];
  /** `entry` built into one JavaScript file beforehand (the tests' faster start), run instead of it through tsx. */
  prebuilt?: string;
}

/**
 * Set by the test runner (tests/support/prebuilt.ts): the entries it built once for the run, as JSON. `npm start`
 * under the tests runs those instead of the sources through tsx.
 */
export const PREBUILT_ENV = 'STORE_TEST_PREBUILT';

export interface PrebuiltRun {
  /** The vitest process that built them: its other projects' global setups reuse them. */
  by: number;
  files: Partial<Record<string, string>>;
}

/** The builds the test runner made for this run, if any. */
export function prebuiltRun(): PrebuiltRun | undefined {
  const built = process.env[PREBUILT_ENV];
  return built === undefined ? undefined : (JSON.parse(built) as PrebuiltRun);
}

/** The build of `entry` the test runner made for this run, if any. */
export function prebuiltFromEnvironment(entry: string): string | undefined {
  return prebuiltRun()?.files[entry];
}

/** Node's arguments to run a TypeScript entry: its build when there is one, else the source through tsx. */
export function programArgs(entry: string, prebuilt: string | undefined): string[] {
  return prebuilt === undefined ? ['--import', 'tsx', entry] : [prebuilt];
}

/** Starts one of the store's processes and resolves with the URL it prints ("… listening at <url>"). */
export function startService(options: ServiceOptions): Promise<RunningService> {
  const program = programArgs(options.entry, options.prebuilt);
  const child = spawn(process.execPath, [...(options.nodeArgs ?? []), ...program], {
    cwd: options.root ?? ROOT,
    // The child stops by itself if this process dies without stopping it (kill -9, a crashed test runner).
    env: { ...process.env, EXIT_WITH_PARENT: 'true', ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const end = async (signal: NodeJS.Signals) => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    await exited;
  };
  return new Promise((resolve, reject) => {
    let output = '';
    let url: string | undefined;
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`${options.entry} did not start in time:\n${output}`));
    }, options.startTimeoutMs ?? 60_000);
    child.stdout.on('data', (chunk: Buffer) => {
      if (options.output === 'inherit') process.stdout.write(chunk);
      if (url !== undefined) return;
      output += chunk.toString();
      const match = /listening at (http:\/\/\S+)/.exec(output);
      if (match?.[1]) {
        url = match[1];
        clearTimeout(timer);
        resolve({ url, child, stop: () => end('SIGTERM'), kill: () => end('SIGKILL') });
      }
    });
    child.stderr.on('data', (chunk: Buffer) => {
      if (url === undefined) output += chunk.toString();
      process.stderr.write(chunk);
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      if (url === undefined)
        reject(new Error(`${options.entry} exited with ${String(code)} before listening:\n${output}`));
    });
  });
}
