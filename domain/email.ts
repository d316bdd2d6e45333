// One email rule for every form that asks for one (login, sign-up, delivery address), as the API enforces it.
import * as z from 'zod/mini';

export const EMAIL_MAX_LENGTH = 254;

export const emailSchema = z.pipe(
  z
    .string({ error: 'Email is required' })
    .check(z.trim(), z.toLowerCase(), z.maxLength(EMAIL_MAX_LENGTH, 'Email is too long')),
  z.email({ error: 'Please enter a valid email' }),
);
