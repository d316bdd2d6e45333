// Fails when the committed generated GraphQL code differs from what codegen makes of schema.graphql today.
import { spawnSync } from 'node:child_process';

// Every folder's generated/ (codegen.ts writes each folder's documents beside its .graphql files).
const targets = [':(glob)web/src/**/generated/**', 'bff/src/generated'];
const run = (cmd, args) => spawnSync(cmd, args, { stdio: 'inherit' }).status ?? 1;
if (run('npx', ['graphql-codegen', '--config', 'codegen.ts', '--silent']) !== 0) process.exit(1);
const diff = spawnSync('git', ['status', '--porcelain', '--', ...targets], { encoding: 'utf8' });
if (diff.stdout.trim() !== '') {
  console.error(`Generated GraphQL code is stale; run \`npm run codegen\` and commit:\n${diff.stdout}`);
  process.exit(1);
}
console.log('Generated GraphQL code is up to date.');
