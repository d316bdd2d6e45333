import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { UpdateCartLineDocument } from './generated/documents';
import {
  cartProduct,
  cartProductsAnswer,
  serverCartAnswer,
  storeGuestCart,
  viewerAnswer,
} from '../../test/cart-fixtures';
import { answer } from '../../test/graphql-mock';
import { renderApp } from '../../test/render-app';
import { clearSessionToken, setSessionToken } from '../../shared/session/session-store';
import { parseStoredCartLog, serializeCartLog, type CartLog } from '#machines/cart/cart-events';
import { foldCart } from '#machines/cart/cart-fold';
import { CART_STORAGE_KEY, LEGACY_OUTBOX_KEY } from './cart-storage';

const runner = cartProduct('men-run', 'Stride Pro Running Shoe', 4499);
const lines = (...entries: Array<[string, string, number]>) => ({
  __typename: 'Cart' as const,
  lines: entries.map(([productId, size, quantity]) => ({
    __typename: 'CartLine' as const,
    productId,
    size,
    quantity,
  })),
});

describe('cart and session', () => {
  it('signing in merges the guest cart into the account’s and sends it; signing out empties it', async () => {
    storeGuestCart([{ productId: 'men-run', size: 'UK 8', quantity: 1 }]);
    const { requests } = renderApp('/cart', [
      cartProductsAnswer(['men-run'], [runner]),
      viewerAnswer,
      serverCartAnswer([{ productId: 'men-run', size: 'UK 9', quantity: 2 }]),
      answer(
        UpdateCartLineDocument,
        { productId: 'men-run', size: 'UK 8', quantity: 1 },
        { updateCartLine: lines(['men-run', 'UK 8', 1], ['men-run', 'UK 9', 2]) },
      ),
    ]);
    expect(await screen.findByRole('link', { name: 'Cart, 1 item' })).toBeVisible();

    act(() => setSessionToken('token-asha'));
    expect(await screen.findByRole('link', { name: 'Cart, 3 items' })).toBeVisible();
    await waitFor(() => expect(requests.some((sent) => sent.operationName === 'UpdateCartLine')).toBe(true));

    act(() => clearSessionToken());
    expect(await screen.findByRole('link', { name: 'Cart, 0 items' })).toBeVisible();
    expect(window.localStorage.getItem(CART_STORAGE_KEY)).toBe(
      JSON.stringify({ version: 1, synced: 0, events: [] }),
    );
  });

  it('a renewed token of the same shopper keeps their cart; another shopper’s token starts from theirs', async () => {
    const token = (claims: object) =>
      `e30.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.signature`;
    setSessionToken(token({ sub: 'asha', iat: 1 }));
    renderApp('/cart', [
      viewerAnswer,
      serverCartAnswer([{ productId: 'men-run', size: 'UK 9', quantity: 2 }]),
      cartProductsAnswer(['men-run'], [runner]),
      serverCartAnswer([]),
    ]);
    expect(await screen.findByRole('link', { name: 'Cart, 2 items' })).toBeVisible();

    act(() => setSessionToken(token({ sub: 'asha', iat: 2 })));
    await new Promise((settle) => setTimeout(settle, 50));
    expect(screen.getByRole('link', { name: 'Cart, 2 items' })).toBeVisible();

    act(() => setSessionToken(token({ sub: 'ravi', iat: 3 })));
    expect(await screen.findByRole('link', { name: 'Cart, 0 items' })).toBeVisible();
  });

  it('a guest cart survives a reload (it is read back from local storage)', async () => {
    storeGuestCart([{ productId: 'men-run', size: 'UK 8', quantity: 4 }]);
    renderApp('/cart', [cartProductsAnswer(['men-run'], [runner])]);
    expect(await screen.findByRole('link', { name: 'Cart, 4 items' })).toBeVisible();
  });

  it('a reload while a change was on its way does not count it twice', async () => {
    // The add reached the server (which now has 1), but the page was reloaded before the answer came back.
    window.localStorage.setItem(
      CART_STORAGE_KEY,
      serializeCartLog({
        events: [{ type: 'added', id: 'e1', at: 1, itemId: 'men-run', size: 'UK 8' }],
        synced: 0,
      }),
    );
    window.localStorage.setItem(LEGACY_OUTBOX_KEY, '1');
    setSessionToken('token-asha');
    const { requests } = renderApp('/cart', [
      viewerAnswer,
      serverCartAnswer([{ productId: 'men-run', size: 'UK 8', quantity: 1 }]),
      cartProductsAnswer(['men-run'], [runner]),
      answer(
        UpdateCartLineDocument,
        { productId: 'men-run', size: 'UK 8', quantity: 1 },
        { updateCartLine: lines(['men-run', 'UK 8', 1]) },
      ),
    ]);

    await waitFor(() => expect(requests.some((sent) => sent.operationName === 'UpdateCartLine')).toBe(true));
    expect(screen.getByRole('link', { name: 'Cart, 1 item' })).toBeVisible();
  });

  describe('in a tab that follows another (which sends the outbox)', () => {
    /** Another tab holds the sender's Web Lock for as long as this test runs. */
    function anotherTabSends(): void {
      Object.defineProperty(navigator, 'locks', {
        configurable: true,
        value: { request: () => new Promise<never>(() => undefined) },
      });
    }
    afterEach(() => {
      Reflect.deleteProperty(navigator, 'locks');
    });

    /** What the other tab stores, as the browser tells this one (the `storage` event). */
    function otherTabStores(log: CartLog): void {
      const text = serializeCartLog(log);
      window.localStorage.setItem(CART_STORAGE_KEY, text);
      window.dispatchEvent(
        new StorageEvent('storage', {
          key: CART_STORAGE_KEY,
          newValue: text,
          storageArea: window.localStorage,
        }),
      );
    }

    // The other tab signed up with a guest's shoe while this one opened /cart: this tab's cart query, answered
    // before the merge reached the store, arrives after the other tab confirmed it.
    it('a cart fetched again after the other tab confirmed the sign-in merge is a new request, not the stale one', async () => {
      anotherTabSends();
      setSessionToken('token-asha');
      window.localStorage.setItem(
        CART_STORAGE_KEY,
        serializeCartLog({
          events: [{ type: 'added', id: 'g1', at: 1, itemId: 'men-run', size: 'UK 8' }],
          synced: 0,
          outbox: true,
        }),
      );
      let answerTheFirstFetch: () => void = () => undefined;
      const firstFetchHeld = new Promise<void>((resolve) => (answerTheFirstFetch = resolve));
      const { requests } = renderApp('/cart', [
        viewerAnswer,
        cartProductsAnswer(['men-run'], [runner]),
        serverCartAnswer([], firstFetchHeld),
        serverCartAnswer([{ productId: 'men-run', size: 'UK 8', quantity: 1 }]),
      ]);
      await waitFor(() =>
        expect(requests.filter((sent) => sent.operationName === 'ServerCart')).toHaveLength(1),
      );

      act(() =>
        otherTabStores({
          events: [
            { type: 'quantitySet', id: 'base-0', at: 2, itemId: 'men-run', size: 'UK 8', quantity: 1 },
          ],
          synced: 1,
          settled: ['g1'],
        }),
      );
      answerTheFirstFetch();

      await waitFor(() =>
        expect(requests.filter((sent) => sent.operationName === 'ServerCart')).toHaveLength(2),
      );
      expect(await screen.findByRole('link', { name: 'Cart, 1 item' })).toBeVisible();
      const stored = parseStoredCartLog(window.localStorage.getItem(CART_STORAGE_KEY), () => undefined);
      expect(foldCart(stored.events)).toEqual({ 'men-run': { 'UK 8': 1 } });
    });
  });
});
