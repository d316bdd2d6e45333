import { z } from 'zod';
import { badRequest } from './errors.js';

// Turns the first zod issue into one sentence a shopper (or a developer) can act on.
function describe(issue: z.core.$ZodIssue): string {
  const where = issue.path.length > 0 ? issue.path.map(String).join('.') : 'body';
  if (issue.code === 'unrecognized_keys') return `Unknown field: ${issue.keys.join(', ')}`;
  return `${where}: ${issue.message}`;
}

export function parseBody<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  const result = schema.safeParse(body ?? {});
  if (!result.success) throw badRequest(describe(result.error.issues[0]!));
  return result.data;
}

/** The spec's "empty body" calls: nothing, or an empty JSON object. */
export const emptyBodySchema = z.object({}).strict();
