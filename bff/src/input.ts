import type { z } from 'zod';
import { badUserInput } from './errors.js';

/** Checks resolver arguments before anything goes upstream; the first problem becomes a BAD_USER_INPUT. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const parsed = schema.safeParse(input);
  if (!parsed.success) throw badUserInput(parsed.error.issues[0]?.message ?? 'Invalid input');
  return parsed.data;
}
