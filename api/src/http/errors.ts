// A failure the API answers with `{ success: false, message }` and the given HTTP status; `details` are further
// fields of the answer for clients that act on them (a machine-readable `code`, the lines an order cannot fill).
export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly details: Readonly<Record<string, unknown>> = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export const badRequest = (message: string) => new ApiError(400, message);
export const unauthorized = (message = 'Not authorized. Please sign in again.') => new ApiError(401, message);
export const notFound = (message: string) => new ApiError(404, message);
export const conflict = (message: string) => new ApiError(409, message);

/** A request body the server could not read (malformed JSON): no endpoint has seen the request yet. */
export class UnreadableBodyError extends ApiError {}

/** The server is at capacity for this kind of work: 503 with `Retry-After`, answered at once instead of queued. */
export class BusyError extends ApiError {
  constructor(
    message: string,
    /** Whole seconds, sent as `Retry-After`. */
    readonly retryAfterSeconds: number,
  ) {
    super(503, message);
    this.name = 'BusyError';
  }
}
