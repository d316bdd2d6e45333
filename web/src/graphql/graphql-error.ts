import { CombinedGraphQLErrors, ServerError, ServerParseError } from '@apollo/client/errors';
import type { ErrorCode } from './generated/schema-enums';

// What a failed call says to the shopper. Kept apart from the client (apollo-client.ts), which a first visit
// does not load: the pages read their errors through this, and it costs a few hundred bytes.

// The schema's ErrorCode enum; a Record so that a code added to the schema and missing here does not compile.
const KNOWN_CODES: Record<ErrorCode, true> = {
  UNAUTHENTICATED: true,
  BAD_USER_INPUT: true,
  NOT_FOUND: true,
  TOO_MANY_REQUESTS: true,
  STORE_BUSY: true,
  OUT_OF_STOCK: true,
  PRICE_CHANGED: true,
  UPSTREAM_UNAVAILABLE: true,
  UPSTREAM_ERROR: true,
  NOT_SUPPORTED: true,
};

const isErrorCode = (code: unknown): code is ErrorCode =>
  typeof code === 'string' && Object.hasOwn(KNOWN_CODES, code);

export interface ReadableGraphQLError {
  /** What to show the shopper: the server's message, or a plain sentence for a transport failure. */
  message: string;
  /** `extensions.code` of the first GraphQL error, when it is one of the schema's; undefined otherwise. */
  code: ErrorCode | undefined;
  /** `extensions.retryAfterSeconds`: how long the store asked to wait before the same call (STORE_BUSY). */
  retryAfterSeconds?: number;
  /** No answer came: the browser is offline or the store cannot be reached. */
  unreachable?: true;
}

interface ErrorBody {
  errors?: ReadonlyArray<{
    message?: unknown;
    extensions?: ({ code?: unknown; retryAfterSeconds?: unknown } & Record<string, unknown>) | null;
  } | null>;
}

export const UNREACHABLE_MESSAGE = 'The store could not be reached. Check your connection and try again.';

function fromFirst(errors: ErrorBody['errors']): ReadableGraphQLError | undefined {
  const first = errors?.[0];
  if (!first) return undefined;
  const message = typeof first.message === 'string' && first.message ? first.message : 'The request failed.';
  const code = isErrorCode(first.extensions?.code) ? first.extensions.code : undefined;
  const wait = first.extensions?.retryAfterSeconds;
  return typeof wait === 'number' && Number.isFinite(wait) && wait >= 0
    ? { message, code, retryAfterSeconds: wait }
    : { message, code };
}

// A non-2xx answer sent as plain JSON (the BFF's own 413 handler) still carries GraphQL errors.
function errorsInBody(bodyText: string): ErrorBody['errors'] {
  try {
    return (JSON.parse(bodyText) as ErrorBody | null)?.errors;
  } catch {
    return undefined;
  }
}

function fromBodyText(bodyText: string): ReadableGraphQLError | undefined {
  return fromFirst(errorsInBody(bodyText));
}

/** `extensions` of the first GraphQL error of a failed call, unchecked: the caller checks what it needs. */
export function firstErrorExtensions(error: unknown): Readonly<Record<string, unknown>> | undefined {
  if (CombinedGraphQLErrors.is(error)) return error.errors[0]?.extensions;
  return ServerError.is(error) ? (errorsInBody(error.bodyText)?.[0]?.extensions ?? undefined) : undefined;
}

/** The message and `extensions.code` of any error an Apollo call rejected with or a hook returned. */
export function readGraphQLError(error: unknown): ReadableGraphQLError {
  if (CombinedGraphQLErrors.is(error)) {
    return fromFirst(error.errors) ?? { message: 'The request failed.', code: undefined };
  }
  if (ServerError.is(error)) {
    return (
      fromBodyText(error.bodyText) ?? {
        message: `The store answered ${error.statusCode}. Please try again.`,
        code: undefined,
      }
    );
  }
  if (ServerParseError.is(error)) {
    return { message: `The store answered ${error.statusCode}. Please try again.`, code: undefined };
  }
  // fetch itself threw (offline, DNS, connection reset): the browser's message means nothing to a shopper.
  if (error instanceof TypeError) return { message: UNREACHABLE_MESSAGE, code: undefined, unreachable: true };
  return {
    message:
      error instanceof Error && error.message ? error.message : 'Something went wrong. Please try again.',
    code: undefined,
  };
}

/** True for the BFF's answer that the call needs a signed-in shopper. */
export function isUnauthenticated(error: unknown): boolean {
  return readGraphQLError(error).code === 'UNAUTHENTICATED';
}
