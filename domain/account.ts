// Account fields (spec section 5), shared by the API and the login statechart. The spec shows no password rule:
// sign-up asks for 8 characters, login only for a length an account could have.
import * as z from 'zod/mini';
import { oneLineText } from './plain-text.js';

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
export const NAME_MAX_LENGTH = 80;

export const accountNameSchema = oneLineText('Name', NAME_MAX_LENGTH);

export const newPasswordSchema = z
  .string({ error: 'Password is required' })
  .check(
    z.minLength(
      PASSWORD_MIN_LENGTH,
      `Please enter a strong password (at least ${PASSWORD_MIN_LENGTH} characters)`,
    ),
    z.maxLength(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters`),
  );

/** A password given at login: any length the account could have. */
export const passwordSchema = z
  .string({ error: 'Password is required' })
  .check(z.minLength(1, 'Password is required'), z.maxLength(PASSWORD_MAX_LENGTH));
