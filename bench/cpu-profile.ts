import { mkdirSync } from 'node:fs';
import path from 'node:path';

/** Node's arguments to write a CPU profile of process `name` under CPU_PROF, when it is set. */
export function profiled(name: string): string[] | undefined {
  const folder = process.env.CPU_PROF;
  if (!folder) return undefined;
  const dir = path.resolve(folder, name);
  mkdirSync(dir, { recursive: true });
  return ['--cpu-prof', `--cpu-prof-dir=${dir}`];
}
