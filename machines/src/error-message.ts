/**
 * The text of an error toast: the server's message when the caller's actor threw one (it should throw an Error
 * carrying the response's `message`), else the error's own (spec section 8).
 */
export function errorMessage(error: unknown): string {
  if (error instanceof Error && error.message !== '') return error.message;
  if (typeof error === 'string' && error !== '') return error;
  return 'Something went wrong';
}
