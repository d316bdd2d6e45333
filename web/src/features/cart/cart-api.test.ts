import { describe, expect, it, vi } from 'vitest';
import { ServerCartDocument, UpdateCartLineDocument } from './generated/documents';
import { answer, fail, mockGraphQL } from '../../test/graphql-mock';
import { getSessionToken, setSessionToken } from '../../shared/session/session-store';
import { fetchServerCart, sendCartChange } from './cart-api';

const change = { itemId: 'men-run', size: 'UK 8', quantity: 2 };
const variables = { productId: 'men-run', size: 'UK 8', quantity: 2 };

describe('cart calls', () => {
  it('the server cart becomes product id → size → quantity', async () => {
    mockGraphQL([
      answer(
        ServerCartDocument,
        {},
        {
          cart: {
            __typename: 'Cart',
            lines: [
              { __typename: 'CartLine', productId: 'men-run', size: 'UK 8', quantity: 2 },
              { __typename: 'CartLine', productId: 'men-run', size: 'UK 9', quantity: 1 },
            ],
          },
        },
      ),
    ]);
    expect(await fetchServerCart()).toEqual({ 'men-run': { 'UK 8': 2, 'UK 9': 1 } });
  });

  // OUT_OF_STOCK: our store lets a cart hold a sold-out size, but a backend that refused the change for stock would
  // not change its mind on a resend either.
  it.each(['BAD_USER_INPUT', 'NOT_FOUND', 'OUT_OF_STOCK'])(
    '%s is a refusal: resolved, not retried',
    async (code) => {
      vi.spyOn(console, 'error').mockImplementation(() => undefined);
      mockGraphQL([fail(UpdateCartLineDocument, variables, 'No such product', code)]);
      await expect(sendCartChange(change)).resolves.toEqual({
        status: 'refused',
        message: 'No such product',
      });
    },
  );

  it.each(['UPSTREAM_UNAVAILABLE', 'UPSTREAM_ERROR', 'TOO_MANY_REQUESTS'])(
    '%s rejects with the message, so the outbox retries',
    async (code) => {
      vi.spyOn(console, 'error').mockImplementation(() => undefined);
      mockGraphQL([fail(UpdateCartLineDocument, variables, 'Try again soon', code)]);
      await expect(sendCartChange(change)).rejects.toThrow('Try again soon');
    },
  );

  it('a network failure rejects with a sentence for the shopper', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
    await expect(sendCartChange(change)).rejects.toThrow(/could not be reached/);
  });

  it('UNAUTHENTICATED ends the stale stored session and rejects', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    setSessionToken('expired');
    mockGraphQL([fail(UpdateCartLineDocument, variables, 'Please sign in again.', 'UNAUTHENTICATED')]);
    await expect(sendCartChange(change)).rejects.toThrow('Please sign in again.');
    expect(getSessionToken()).toBeNull();
  });
});
