import { readFileSync } from 'node:fs';

/** The contract the web client is written against (repository root), read once at start. */
export const typeDefs = readFileSync(new URL('../../../schema.graphql', import.meta.url), 'utf8');
