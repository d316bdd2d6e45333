// The static checks of `npm test` side by side: on two cores they take about as long as the longest (lint) alone.
// Each one's output is printed whole when it ends; the exit code is non-zero if any failed.
import { spawn } from 'node:child_process';

const CHECKS = ['lint', 'typecheck', 'format:check', 'codegen:check'];

function run(script) {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', '--silent', script], { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.once('close', (code) => {
      const seconds = ((performance.now() - started) / 1000).toFixed(0);
      process.stdout.write(`\n> ${script}: ${code === 0 ? 'passed' : 'FAILED'} in ${seconds} s\n${output}`);
      resolve(code === 0);
    });
  });
}

const results = await Promise.all(CHECKS.map(run));
process.exitCode = results.every(Boolean) ? 0 : 1;
