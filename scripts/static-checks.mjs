// The static checks of `npm test` side by side: on two cores they take about as long as the longest (types and lint).
// With `--prepare`, what the tests after them need is finished beside them (none of the checks needs it): the
// dependencies' build steps a fresh install left pending (scripts/ensure-deps.mjs) and Debian's Chromium.
// Each job's output is printed whole when it ends; the exit code is non-zero if any failed.
import { spawn } from 'node:child_process';

const CHECKS = [
  // What `npm run typecheck` and `npm run lint` check, in one process on programs built once for both. Its heap
  // grows to about 2.5 GB: young-generation collections took a quarter of its CPU at V8's default 16 MB semi-space.
  { name: 'types and lint', command: ['node', '--max-semi-space-size=128', 'scripts/typed-checks.mjs'] },
  ...['format:check', 'codegen:check'].map((script) => ({
    name: script,
    command: ['npm', 'run', '--silent', script],
  })),
];
const PREPARE = [
  { name: "dependencies' builds", command: ['node', 'scripts/ensure-deps.mjs'] },
  { name: 'chromium', command: ['node', 'scripts/ensure-chromium.mjs', '--headless-shell'] },
];

function run({ name, command }) {
  const started = performance.now();
  return new Promise((resolve) => {
    const [program, ...args] = command;
    const child = spawn(program, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.once('close', (code) => {
      const seconds = ((performance.now() - started) / 1000).toFixed(0);
      process.stdout.write(`\n> ${name}: ${code === 0 ? 'passed' : 'FAILED'} in ${seconds} s\n${output}`);
      resolve(code === 0);
    });
  });
}

const jobs = process.argv.includes('--prepare') ? [...PREPARE, ...CHECKS] : CHECKS;
const results = await Promise.all(jobs.map(run));
process.exitCode = results.every(Boolean) ? 0 : 1;
