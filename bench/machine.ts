import { readFileSync } from 'node:fs';
import os from 'node:os';
import { pageFunctions } from 'lighthouse/core/lib/page-functions.js';

// A figure means little without the machine that made it: every bench prints this line first. The index is
// Lighthouse's own benchmarkIndex (the same function Lighthouse runs in the page), computed here in Node.

export interface Machine {
  cores: number;
  cpu: string;
  benchmarkIndex: number;
  node: string;
}

export function describeMachine(): Machine {
  return {
    cores: os.availableParallelism(),
    cpu: os.cpus()[0]?.model.trim() ?? 'unknown',
    benchmarkIndex: Math.round(pageFunctions.computeBenchmarkIndex()),
    node: process.version,
  };
}

export function printMachine(machine: Machine = describeMachine()): Machine {
  console.log(
    `machine: ${machine.cores} cores (${machine.cpu}), Lighthouse benchmarkIndex ${machine.benchmarkIndex} (computed in Node), Node ${machine.node}, ${new Date().toISOString().slice(0, 10)}`,
  );
  return machine;
}

/** A process's resident memory now, in MiB (Linux). */
export function rssMiB(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kib = Number(/^VmRSS:\s+(\d+)\s+kB/m.exec(status)?.[1] ?? Number.NaN);
  return kib / 1024;
}

/** The same process's peak resident memory so far, in MiB (Linux). */
export function peakRssMiB(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/^VmHWM:\s+(\d+)\s+kB/m.exec(status)?.[1] ?? Number.NaN) / 1024;
}
