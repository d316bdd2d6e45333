import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { UpdateCartLineDocument } from './generated/documents';
import {
  cartProduct,
  cartProductsAnswer,
  serverCartAnswer,
  storeGuestCart,
  viewerAnswer,
} from '../../test/cart-fixtures';
import { answer, fail } from '../../test/graphql-mock';
import { renderApp } from '../../test/render-app';
import { setSessionToken } from '../../shared/session/session-store';
import { findToast } from '../../test/toasts';

const runner = cartProduct('men-run', 'Stride Pro Running Shoe', 4499);
const sandal = cartProduct('w-sandal', 'Coast Strap Sandal', 1299, { images: [] });

const guestCart = [
  { productId: 'men-run', size: 'UK 8', quantity: 2 },
  { productId: 'men-run', size: 'UK 9', quantity: 1 },
  { productId: 'w-sandal', size: 'UK 5', quantity: 1 },
];

function lineTotals(list: HTMLElement): string[] {
  return within(list)
    .getAllByText('Line total')
    .map((label) => label.parentElement?.textContent ?? '');
}

function totalsPanel() {
  return within(screen.getByRole('region', { name: 'Cart totals' }));
}

describe('cart page', () => {
  it('opened first, shows the stored lines once hydrated, never an empty cart before them', async () => {
    // The first page of a visit: nothing marked the document hydrated before (another test's page may have).
    delete document.documentElement.dataset.app;
    storeGuestCart(guestCart);
    const seen: string[] = [];
    const watch = new MutationObserver(() => {
      if (document.body.textContent.includes('Your cart is empty.')) seen.push('empty');
    });
    watch.observe(document.body, { subtree: true, childList: true, characterData: true });
    renderApp('/cart', [cartProductsAnswer(['men-run', 'w-sandal'], [runner, sandal])]);
    await screen.findByRole('list', { name: 'Cart items' });
    watch.disconnect();
    expect(seen).toEqual([]);
  });

  it('shows each line with image, name, price and size, and the totals with the shipping fee', async () => {
    storeGuestCart(guestCart);
    renderApp('/cart', [cartProductsAnswer(['men-run', 'w-sandal'], [runner, sandal])]);

    const list = await screen.findByRole('list', { name: 'Cart items' });
    await within(list).findAllByText('Stride Pro Running Shoe');
    expect(within(list).getAllByRole('listitem')).toHaveLength(3);
    expect(
      within(list).getAllByRole('img', { name: 'Stride Pro Running Shoe' })[0]!.getAttribute('src'),
    ).toContain(encodeURIComponent('/images/men-run.svg'));
    // A product without images shows the fallback image.
    expect(within(list).getByRole('img', { name: 'Coast Strap Sandal' }).getAttribute('src')).toBe(
      '/product-placeholder.svg',
    );
    // The unit price on each line of the runner, and the line total of the one pair of UK 9 (2 × 4,499 for UK 8).
    expect(within(list).getAllByText('₹4,499')).toHaveLength(3);
    expect(lineTotals(list)).toEqual(['Line total ₹8,998', 'Line total ₹4,499', 'Line total ₹1,299']);
    expect(within(list).getByText('UK 9')).toBeVisible();
    expect(
      screen.getByRole<HTMLInputElement>('spinbutton', {
        name: 'Quantity of Stride Pro Running Shoe, size UK 8',
      }).value,
    ).toBe('2');

    // 2 × 4499 + 4499 + 1299 = 14,796; plus the shipping fee of 10.
    await waitFor(() => expect(totalsPanel().getByText('₹14,796')).toBeVisible());
    expect(totalsPanel().getByText('Shipping Fee')).toBeVisible();
    expect(totalsPanel().getByText('₹10')).toBeVisible();
    expect(totalsPanel().getByText('₹14,806')).toBeVisible();
    expect(screen.getByRole('link', { name: 'PROCEED TO CHECKOUT' }).getAttribute('href')).toBe(
      '/place-order',
    );
    expect(screen.getByRole('link', { name: 'VIEW MY ORDERS' }).getAttribute('href')).toBe('/orders');
    expect(screen.getByRole('link', { name: 'Cart, 4 items' })).toBeVisible();
  });

  it('a quantity change updates the line, the totals and the badge; empty and 0 are ignored', async () => {
    const user = userEvent.setup();
    storeGuestCart([guestCart[0]!]);
    renderApp('/cart', [cartProductsAnswer(['men-run'], [runner])]);

    const input = await screen.findByRole<HTMLInputElement>('spinbutton', {
      name: 'Quantity of Stride Pro Running Shoe, size UK 8',
    });
    await user.clear(input);
    expect(screen.getByRole('link', { name: 'Cart, 2 items' })).toBeVisible();
    await user.type(input, '0');
    expect(screen.getByRole('link', { name: 'Cart, 2 items' })).toBeVisible();
    await user.clear(input);
    await user.type(input, '3');
    expect(screen.getByRole('link', { name: 'Cart, 3 items' })).toBeVisible();
    expect(totalsPanel().getByText('₹13,497')).toBeVisible();
    expect(totalsPanel().getByText('₹13,507')).toBeVisible();

    // Leaving the box after typing 0 shows the cart's quantity again.
    await user.clear(input);
    await user.type(input, '0');
    await user.tab();
    expect(input.value).toBe('3');
  });

  it('− and + step the quantity between 1 and the line maximum, and the line total follows', async () => {
    const user = userEvent.setup();
    storeGuestCart([{ productId: 'men-run', size: 'UK 8', quantity: 1 }]);
    renderApp('/cart', [cartProductsAnswer(['men-run'], [runner])]);

    const list = await screen.findByRole('list', { name: 'Cart items' });
    const input = await screen.findByRole<HTMLInputElement>('spinbutton', {
      name: 'Quantity of Stride Pro Running Shoe, size UK 8',
    });
    const minus = screen.getByRole('button', {
      name: 'Decrease quantity of Stride Pro Running Shoe, size UK 8',
    });
    const plus = screen.getByRole('button', {
      name: 'Increase quantity of Stride Pro Running Shoe, size UK 8',
    });
    await waitFor(() => expect(lineTotals(list)).toEqual(['Line total ₹4,499']));

    // At 1, − does nothing (the delete icon removes a line) and stays focusable.
    expect(minus.getAttribute('aria-disabled')).toBe('true');
    await user.click(minus);
    expect(input.value).toBe('1');
    expect(screen.getByRole('link', { name: 'Cart, 1 item' })).toBeVisible();

    await user.click(plus);
    await user.click(plus);
    expect(input.value).toBe('3');
    expect(lineTotals(list)).toEqual(['Line total ₹13,497']);
    expect(totalsPanel().getByText('₹13,497')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Cart, 3 items' })).toBeVisible();
    expect(minus.getAttribute('aria-disabled')).toBe('false');
    await user.click(minus);
    expect(input.value).toBe('2');
    expect(lineTotals(list)).toEqual(['Line total ₹8,998']);

    // Typed up to the maximum, + goes no further.
    await user.clear(input);
    await user.type(input, '99');
    expect(plus.getAttribute('aria-disabled')).toBe('true');
    await user.click(plus);
    expect(input.value).toBe('99');
    expect(screen.getByRole('link', { name: 'Cart, 99 items' })).toBeVisible();
  });

  it('the delete icon removes the line', async () => {
    const user = userEvent.setup();
    storeGuestCart(guestCart);
    renderApp('/cart', [cartProductsAnswer(['men-run', 'w-sandal'], [runner, sandal])]);

    await user.click(await screen.findByRole('button', { name: 'Remove Coast Strap Sandal, size UK 5' }));
    expect(screen.queryByText('Coast Strap Sandal')).toBeNull();
    expect(screen.getByRole('link', { name: 'Cart, 3 items' })).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Remove Stride Pro Running Shoe, size UK 8' }));
    await user.click(screen.getByRole('button', { name: 'Remove Stride Pro Running Shoe, size UK 9' }));
    expect(await screen.findByText('Your cart is empty.')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Cart, 0 items' })).toBeVisible();
  });

  it('a product the catalogue no longer has shows "Product not found for ID: {id}" and adds nothing to the totals', async () => {
    const user = userEvent.setup();
    storeGuestCart([guestCart[0]!, { productId: 'gone-shoe', size: 'UK 7', quantity: 1 }]);
    renderApp('/cart', [cartProductsAnswer(['gone-shoe', 'men-run'], [runner])]);

    expect(await screen.findByText('Product not found for ID: gone-shoe')).toBeVisible();
    expect(totalsPanel().getByText('₹8,998')).toBeVisible();
    // It can still be removed.
    await user.click(screen.getByRole('button', { name: 'Remove product gone-shoe, size UK 7' }));
    expect(screen.queryByText(/Product not found/)).toBeNull();
  });

  it('a line whose size sold out says so and offers Remove; one asking for more than is left offers Set to N', async () => {
    const user = userEvent.setup();
    storeGuestCart(guestCart);
    const lowRunner = cartProduct('men-run', 'Stride Pro Running Shoe', 4499, {
      lowStock: { 'UK 8': 1, 'UK 9': 0 },
    });
    renderApp('/cart', [cartProductsAnswer(['men-run', 'w-sandal'], [lowRunner, sandal])]);

    const list = await screen.findByRole('list', { name: 'Cart items' });
    await within(list).findAllByText('Stride Pro Running Shoe');
    const [uk8, uk9, sandalLine] = within(list).getAllByRole('listitem');
    expect(within(uk9!).getByText('Sold out')).toBeVisible();
    expect(within(uk8!).getByText('Only 1 left')).toBeVisible();
    expect(within(sandalLine!).queryByText(/Sold out|left/)).toBeNull();
    // Checkout stays open: the order is the gate, and these notices say what it would refuse.
    expect(screen.getByRole('link', { name: 'PROCEED TO CHECKOUT' })).toBeVisible();

    await user.click(
      within(uk8!).getByRole('button', { name: 'Set to 1: Stride Pro Running Shoe, size UK 8' }),
    );
    expect(
      screen.getByRole<HTMLInputElement>('spinbutton', {
        name: 'Quantity of Stride Pro Running Shoe, size UK 8',
      }).value,
    ).toBe('1');
    expect(screen.queryByText('Only 1 left')).toBeNull();
    expect(screen.getByRole('link', { name: 'Cart, 3 items' })).toBeVisible();

    await user.click(
      within(uk9!).getByRole('button', { name: 'Remove sold-out Stride Pro Running Shoe, size UK 9' }),
    );
    expect(screen.queryByText('Sold out')).toBeNull();
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    expect(screen.getByRole('link', { name: 'Cart, 2 items' })).toBeVisible();
  });

  it('signed in, a stock fix reaches the account’s cart through the outbox like any change', async () => {
    const user = userEvent.setup();
    setSessionToken('token-asha');
    const lowRunner = cartProduct('men-run', 'Stride Pro Running Shoe', 4499, { lowStock: { 'UK 8': 1 } });
    const { requests } = renderApp('/cart', [
      viewerAnswer,
      serverCartAnswer([{ productId: 'men-run', size: 'UK 8', quantity: 3 }]),
      cartProductsAnswer(['men-run'], [lowRunner]),
      answer(
        UpdateCartLineDocument,
        { productId: 'men-run', size: 'UK 8', quantity: 1 },
        {
          updateCartLine: {
            __typename: 'Cart',
            lines: [{ __typename: 'CartLine', productId: 'men-run', size: 'UK 8', quantity: 1 }],
          },
        },
      ),
    ]);

    await user.click(
      await screen.findByRole('button', { name: 'Set to 1: Stride Pro Running Shoe, size UK 8' }),
    );
    await waitFor(() =>
      expect(requests.filter((sent) => sent.operationName === 'UpdateCartLine')).toHaveLength(1),
    );
    expect(requests.find((sent) => sent.operationName === 'UpdateCartLine')?.variables).toEqual({
      productId: 'men-run',
      size: 'UK 8',
      quantity: 1,
    });
    expect(screen.getByRole('link', { name: 'Cart, 1 item' })).toBeVisible();
  });

  it('an empty cart says so and offers the collection', async () => {
    renderApp('/cart');
    expect(await screen.findByText('Your cart is empty.')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Continue shopping' }).getAttribute('href')).toBe('/collection');
    expect(screen.queryByRole('region', { name: 'Cart totals' })).toBeNull();
  });

  it('signed in: the account cart is fetched and a change is sent as the line’s resulting quantity', async () => {
    const user = userEvent.setup();
    setSessionToken('token-asha');
    const { requests } = renderApp('/cart', [
      viewerAnswer,
      serverCartAnswer([{ productId: 'men-run', size: 'UK 8', quantity: 2 }]),
      cartProductsAnswer(['men-run'], [runner]),
      answer(
        UpdateCartLineDocument,
        { productId: 'men-run', size: 'UK 8', quantity: 5 },
        {
          updateCartLine: {
            __typename: 'Cart',
            lines: [{ __typename: 'CartLine', productId: 'men-run', size: 'UK 8', quantity: 5 }],
          },
        },
      ),
    ]);

    const input = await screen.findByRole('spinbutton', {
      name: 'Quantity of Stride Pro Running Shoe, size UK 8',
    });
    await user.clear(input);
    await user.type(input, '5');
    await waitFor(() => expect(requests.some((sent) => sent.operationName === 'UpdateCartLine')).toBe(true));
    const update = requests.find((sent) => sent.operationName === 'UpdateCartLine')!;
    expect(update.variables).toEqual({ productId: 'men-run', size: 'UK 8', quantity: 5 });
    expect(update.authorization).toBe('Bearer token-asha');
    expect(screen.getByRole('link', { name: 'Cart, 5 items' })).toBeVisible();
  });

  it('a change the server refuses is toasted once and the server’s cart replaces it', async () => {
    const user = userEvent.setup();
    setSessionToken('token-asha');
    const { requests } = renderApp('/cart', [
      viewerAnswer,
      serverCartAnswer([{ productId: 'men-run', size: 'UK 8', quantity: 2 }]),
      cartProductsAnswer(['men-run'], [runner]),
      fail(
        UpdateCartLineDocument,
        { productId: 'men-run', size: 'UK 8', quantity: 0 },
        'This line cannot be changed',
        'BAD_USER_INPUT',
      ),
      serverCartAnswer([{ productId: 'men-run', size: 'UK 8', quantity: 2 }]),
    ]);

    await user.click(
      await screen.findByRole('button', { name: 'Remove Stride Pro Running Shoe, size UK 8' }),
    );
    await findToast('This line cannot be changed');
    // The refusal is not retried; the server's cart is fetched again and the line comes back.
    expect(
      await screen.findByRole('button', { name: 'Remove Stride Pro Running Shoe, size UK 8' }),
    ).toBeVisible();
    expect(requests.filter((sent) => sent.operationName === 'UpdateCartLine')).toHaveLength(1);
    expect(requests.filter((sent) => sent.operationName === 'ServerCart')).toHaveLength(2);
  });
});
