import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ToastHost } from '../shared/toast-host';
import { setSessionToken } from '../shared/session/session-store';
import { answer, fail } from '../test/graphql-mock';
import { renderWithProviders } from '../test/render-app';
import { apolloClient } from './apollo-client';
import { readGraphQLError } from './graphql-error';
import { LatestProductsDocument } from '../test/fixtures';

function latest(limit: number, options: { silent?: boolean } = {}) {
  return apolloClient.query({
    query: LatestProductsDocument,
    variables: { limit },
    fetchPolicy: 'network-only',
    context: { silent: options.silent === true },
  });
}

describe('Apollo client', () => {
  it('a failed call shows the server message in an error toast and is logged', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderWithProviders(<ToastHost />, '/', [
      fail(LatestProductsDocument, { limit: 4 }, 'Catalogue is down'),
    ]);

    await expect(latest(4)).rejects.toThrow('Catalogue is down');
    expect(await screen.findByText('Catalogue is down')).toBeInTheDocument();
    expect(log).toHaveBeenCalledWith(
      '[GraphQL LatestProducts]',
      expect.objectContaining({ message: 'Catalogue is down' }),
    );
  });

  it('a silent call is logged but shows no toast', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderWithProviders(<ToastHost />, '/', [fail(LatestProductsDocument, { limit: 4 }, 'Quietly failing')]);

    await expect(latest(4, { silent: true })).rejects.toThrow('Quietly failing');
    expect(log).toHaveBeenCalledWith('[GraphQL LatestProducts]', expect.anything());
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByText('Quietly failing')).toBeNull();
  });

  it('sends the stored token as a bearer header, and none when signed out', async () => {
    const { requests } = renderWithProviders(null, '/', [
      answer(LatestProductsDocument, { limit: 1 }, { latestProducts: [] }),
      answer(LatestProductsDocument, { limit: 2 }, { latestProducts: [] }),
    ]);
    await latest(1);
    setSessionToken('abc');
    await latest(2);
    expect(requests.map((sent) => sent.authorization)).toEqual([null, 'Bearer abc']);
  });

  it("reads a refusal's message and extensions.code", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderWithProviders(null, '/', [
      fail(LatestProductsDocument, { limit: 4 }, 'Sign in to continue', 'UNAUTHENTICATED'),
    ]);

    const error: unknown = await latest(4, { silent: true }).catch((caught: unknown) => caught);
    expect(readGraphQLError(error)).toEqual({ message: 'Sign in to continue', code: 'UNAUTHENTICATED' });
  });

  it('tells a network failure from a refusal, with a sentence for the shopper', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));

    const error: unknown = await latest(4, { silent: true }).catch((caught: unknown) => caught);
    expect(readGraphQLError(error)).toEqual({
      message: 'The store could not be reached. Check your connection and try again.',
      code: undefined,
      unreachable: true,
    });
  });

  it('reads the GraphQL error inside a non-2xx JSON answer', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.stubGlobal('fetch', () =>
      Promise.resolve(
        Response.json(
          { errors: [{ message: 'Request body is too large', extensions: { code: 'BAD_USER_INPUT' } }] },
          { status: 413 },
        ),
      ),
    );

    const error: unknown = await latest(4, { silent: true }).catch((caught: unknown) => caught);
    expect(readGraphQLError(error)).toEqual({ message: 'Request body is too large', code: 'BAD_USER_INPUT' });
  });
});
