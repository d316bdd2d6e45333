// The login form's checks (spec section 5), with the API's own rules and messages so the shopper learns of a problem
// before a round trip, and in the same words.
import * as z from 'zod/mini';
import { accountNameSchema, newPasswordSchema, passwordSchema } from '#domain/account';
import { emailSchema } from '#domain/email';
import { firstIssuePerField, type FieldErrors } from '../field-errors.js';

export type AuthMode = 'login' | 'signUp';

export interface CredentialFields {
  name: string;
  email: string;
  password: string;
}

export type CredentialField = keyof CredentialFields;

/** What the caller's actor sends: POST /api/user/login or /api/user/register. */
export type AuthRequest =
  | { mode: 'login'; email: string; password: string }
  | { mode: 'signUp'; name: string; email: string; password: string };

const loginSchema = z.object({ email: emailSchema, password: passwordSchema });
const signUpSchema = z.object({ name: accountNameSchema, email: emailSchema, password: newPasswordSchema });

export type CredentialCheck =
  { ok: true; request: AuthRequest } | { ok: false; fieldErrors: FieldErrors<CredentialField> };

export function checkCredentials(mode: AuthMode, fields: CredentialFields): CredentialCheck {
  if (mode === 'login') {
    const parsed = loginSchema.safeParse({ email: fields.email, password: fields.password });
    if (!parsed.success)
      return { ok: false, fieldErrors: firstIssuePerField(parsed.error.issues, ['email', 'password']) };
    return { ok: true, request: { mode, ...parsed.data } };
  }
  const parsed = signUpSchema.safeParse(fields);
  if (!parsed.success) {
    return { ok: false, fieldErrors: firstIssuePerField(parsed.error.issues, ['name', 'email', 'password']) };
  }
  return { ok: true, request: { mode, ...parsed.data } };
}
