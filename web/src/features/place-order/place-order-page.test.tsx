import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { DELIVERY_ADDRESS_FIELDS } from '#domain/address';
import { ADDRESS_LABELS, VALID_ADDRESS } from '#domain/test-support/sample-address';
import { CartProductsDocument, UpdateCartLineDocument } from '../cart/generated/documents';
import { PlaceOrderDocument } from './generated/documents';
import { CART_PRODUCTS_PAGE } from '../cart/use-cart-view';
import { cartProduct, cartProductsAnswer, serverCartAnswer, viewerAnswer } from '../../test/cart-fixtures';
import { answer, fail } from '../../test/graphql-mock';
import { locationText, renderApp } from '../../test/render-app';
import { setHostedSession, setSessionToken } from '../../shared/session/session-store';
import { findToast } from '../../test/toasts';

const KEY = '0c9a4b4e-6f0e-4d38-9a51-8d3f4c2f7b10';
const runner = cartProduct('men-run', 'Stride Pro Running Shoe', 4499);
const accountCart = [{ productId: 'men-run', size: 'UK 8', quantity: 2 }];

const address = VALID_ADDRESS;

const orderVariables = {
  input: {
    address,
    lines: [{ productId: 'men-run', size: 'UK 8', quantity: 2 }],
    idempotencyKey: KEY,
    // 2 × 4499 + the shipping fee of 10.
    expectedTotal: 9008,
  },
};

const placed = {
  placeOrder: {
    __typename: 'PlaceOrderPayload' as const,
    message: 'Order placed',
    replayed: false,
    order: { __typename: 'Order' as const, id: 'o1' },
  },
};

async function fillAddress(user: UserEvent) {
  for (const field of DELIVERY_ADDRESS_FIELDS)
    await user.type(screen.getByLabelText(ADDRESS_LABELS[field]), address[field]);
}

function signedInCheckout(extra: Parameters<typeof renderApp>[1] = []) {
  setSessionToken('token-asha');
  return renderApp('/place-order', [
    viewerAnswer,
    serverCartAnswer(accountCart),
    cartProductsAnswer(['men-run'], [runner]),
    ...extra,
  ]);
}

// Each checkout attempt gets a fresh key; the tests pin it to match the mocked request.
function pinIdempotencyKey() {
  vi.spyOn(globalThis.crypto, 'randomUUID').mockReturnValue(KEY);
}

describe('place order page', () => {
  it('signed out, it sends the shopper to /login and back here afterwards', async () => {
    const { container } = renderApp('/place-order');
    await waitFor(() => expect(locationText(container)).toBe('/login?next=%2Fplace-order'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Login' })).toBeVisible();
  });

  it('signed out with the hosted sign-in ready, it stays and offers its modal, which returns here, and the email form beside it', async () => {
    const user = userEvent.setup();
    const openSignIn = vi.fn();
    setHostedSession({ signedIn: false, getToken: () => Promise.resolve(null), openSignIn });
    const { container } = renderApp('/place-order');

    await screen.findByText('Sign in to place your order; your cart comes with you.');
    const main = within(screen.getByRole('main'));
    expect(main.getByRole('link', { name: 'Sign in with email instead' }).getAttribute('href')).toBe(
      '/login?next=%2Fplace-order',
    );
    await user.click(main.getByRole('button', { name: 'Sign in' }));
    expect(openSignIn).toHaveBeenCalledExactlyOnceWith('/place-order');
    expect(locationText(container)).toBe('/place-order');
  });

  it('signed out when the hosted sign-in could not load, it sends the shopper to /login as without it', async () => {
    setHostedSession({ signedIn: false, getToken: () => Promise.resolve(null) });
    const { container } = renderApp('/place-order');
    await waitFor(() => expect(locationText(container)).toBe('/login?next=%2Fplace-order'));
  });

  it('shows the delivery form, the totals and cash on delivery as the one, chosen method', async () => {
    signedInCheckout();
    expect(await screen.findByRole('heading', { level: 1, name: 'Delivery information' })).toBeVisible();
    expect(screen.getByLabelText('Email address').getAttribute('type')).toBe('email');
    expect(screen.getByLabelText('Phone').getAttribute('type')).toBe('tel');
    expect(screen.getByLabelText('Zip code').getAttribute('inputmode')).toBe('numeric');
    for (const label of Object.values(ADDRESS_LABELS))
      expect(screen.getByLabelText(label).hasAttribute('required')).toBe(true);
    const totals = within(screen.getByRole('region', { name: 'Cart totals' }));
    expect(await totals.findByText('₹9,008')).toBeVisible();
    const method = screen.getByRole('radio', { name: 'CASH ON DELIVERY' });
    expect((method as HTMLInputElement).checked).toBe(true);
    expect(screen.getAllByRole('radio')).toHaveLength(1);
  });

  it('lists what it orders above the totals: image, name, size, quantity and line total', async () => {
    signedInCheckout();
    const list = await screen.findByRole('list', { name: 'Items in your order' });
    const [line] = await within(list).findAllByRole('listitem');
    await within(line!).findByText('Stride Pro Running Shoe');
    expect(within(list).getAllByRole('listitem')).toHaveLength(1);
    expect(within(line!).getByRole('img', { name: 'Stride Pro Running Shoe' })).toBeVisible();
    expect(within(line!).getByText('Size UK 8')).toBeVisible();
    expect(within(line!).getByText('Qty 2')).toBeVisible();
    expect(within(line!).getByText('Line total').parentElement?.textContent).toBe('Line total ₹8,998');
    expect(screen.getByRole('link', { name: 'Edit cart' }).getAttribute('href')).toBe('/cart');
  });

  it("when the cart's products cannot be looked up, it says so and PLACE ORDER (or Try again) asks again", async () => {
    const user = userEvent.setup();
    setSessionToken('token-asha');
    const lookup = { ids: ['men-run'], first: CART_PRODUCTS_PAGE };
    const { requests } = renderApp('/place-order', [
      viewerAnswer,
      serverCartAnswer(accountCart),
      fail(CartProductsDocument, lookup, 'The store is not answering right now.', 'UPSTREAM_UNAVAILABLE'),
      fail(CartProductsDocument, lookup, 'The store is not answering right now.', 'UPSTREAM_UNAVAILABLE'),
      cartProductsAnswer(['men-run'], [runner]),
    ]);
    expect(
      (await screen.findByText(/product details could not be loaded/)).closest('[role="alert"]'),
    ).not.toBeNull();
    const lookups = () => requests.filter((sent) => sent.operationName === 'CartProducts').length;
    await user.click(screen.getByRole('button', { name: 'PLACE ORDER' }));
    await waitFor(() => expect(lookups()).toBe(2));
    await user.click(await screen.findByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('₹9,008')).toBeVisible();
    expect(screen.queryByText(/product details could not be loaded/)).toBeNull();
    expect(requests.filter((sent) => sent.operationName === 'PlaceOrder')).toHaveLength(0);
  });

  it('an invalid address shows the messages inline and sends nothing', async () => {
    const user = userEvent.setup();
    const { requests } = signedInCheckout();
    await screen.findByText('₹9,008');

    await user.type(screen.getByLabelText('Zip code'), '12');
    await user.click(screen.getByRole('button', { name: 'PLACE ORDER' }));

    expect(screen.getByText('First name is required')).toBeVisible();
    expect(screen.getByText('Zip code must be 3 to 10 digits')).toBeVisible();
    expect(screen.getByText('Phone is required')).toBeVisible();
    expect(document.activeElement).toBe(screen.getByLabelText('First name'));
    expect(requests.filter((sent) => sent.operationName === 'PlaceOrder')).toHaveLength(0);
  });

  it('a valid order is placed once however often PLACE ORDER is clicked, the cart is emptied and MY ORDERS opens', async () => {
    const user = userEvent.setup();
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const { requests, container } = signedInCheckout([
      answer(PlaceOrderDocument, orderVariables, placed, gate),
      // The cart is fetched again once the order is placed: the server emptied it.
      serverCartAnswer([]),
    ]);
    await screen.findByText('₹9,008');
    await fillAddress(user);
    pinIdempotencyKey();

    const button = screen.getByRole('button', { name: 'PLACE ORDER' });
    await user.dblClick(button);
    await user.click(button);
    expect(screen.getByRole('button', { name: 'PLACING ORDER…' }).getAttribute('aria-disabled')).toBe('true');
    release();

    await waitFor(() => expect(locationText(container)).toBe('/orders'));
    expect(requests.filter((sent) => sent.operationName === 'PlaceOrder')).toHaveLength(1);
    expect(screen.getByRole('link', { name: 'Cart, 0 items' })).toBeVisible();
    // The confirmation names the order: its reference and what is in it.
    expect(
      await screen.findByText('Order placed (order #O1): Stride Pro Running Shoe, ₹9,008, cash on delivery.'),
    ).toBeVisible();
  });

  it('a refused order is toasted and the form is kept', async () => {
    const user = userEvent.setup();
    const { container } = signedInCheckout([
      fail(
        PlaceOrderDocument,
        orderVariables,
        'Prices have changed. Please review your cart.',
        'BAD_USER_INPUT',
      ),
    ]);
    await screen.findByText('₹9,008');
    await fillAddress(user);
    pinIdempotencyKey();

    await user.click(screen.getByRole('button', { name: 'PLACE ORDER' }));

    await findToast('Prices have changed. Please review your cart.');
    expect(locationText(container)).toBe('/place-order');
    expect(screen.getByLabelText<HTMLInputElement>('Street').value).toBe('12 MG Road');
    expect(screen.getByRole('button', { name: 'PLACE ORDER' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Cart, 2 items' })).toBeVisible();
  });

  it('an order refused for stock names the lines and what is left, keeps the form and the cart, and the fixed cart is a new order', async () => {
    const user = userEvent.setup();
    const sandal = cartProduct('w-sandal', 'Coast Strap Sandal', 1299);
    const cart = [...accountCart, { productId: 'w-sandal', size: 'UK 5', quantity: 1 }];
    const lines = [
      { productId: 'men-run', size: 'UK 8', quantity: 2 },
      { productId: 'w-sandal', size: 'UK 5', quantity: 1 },
    ];
    const shortfalls = [
      { productId: 'men-run', name: 'Stride Pro Running Shoe', size: 'UK 8', requested: 2, left: 1 },
    ];
    const FIXED_KEY = '6f1d3c0e-2b7a-4c55-8e0f-3a9b5d7c1e24';
    setSessionToken('token-asha');
    const { requests, container } = renderApp('/place-order', [
      viewerAnswer,
      serverCartAnswer(cart),
      cartProductsAnswer(['men-run', 'w-sandal'], [runner, sandal]),
      fail(
        PlaceOrderDocument,
        // 2 × 4499 + 1299 + the shipping fee of 10.
        { input: { address, lines, idempotencyKey: KEY, expectedTotal: 10307 } },
        'Only 1 left of Stride Pro Running Shoe, UK 8',
        'OUT_OF_STOCK',
        { shortfalls },
      ),
      answer(
        UpdateCartLineDocument,
        { productId: 'men-run', size: 'UK 8', quantity: 1 },
        {
          updateCartLine: {
            __typename: 'Cart',
            lines: [
              { __typename: 'CartLine', productId: 'men-run', size: 'UK 8', quantity: 1 },
              { __typename: 'CartLine', productId: 'w-sandal', size: 'UK 5', quantity: 1 },
            ],
          },
        },
      ),
      // Only a new attempt's key is answered: the fixed cart is a different order.
      answer(
        PlaceOrderDocument,
        {
          input: {
            address,
            lines: [{ ...lines[0]!, quantity: 1 }, lines[1]!],
            idempotencyKey: FIXED_KEY,
            expectedTotal: 5808,
          },
        },
        placed,
      ),
      serverCartAnswer([]),
    ]);
    await screen.findByText('₹10,307');
    await fillAddress(user);

    vi.spyOn(globalThis.crypto, 'randomUUID').mockReturnValueOnce(KEY);
    await user.click(screen.getByRole('button', { name: 'PLACE ORDER' }));

    const refusal = await screen.findByRole('region', { name: 'Not enough pairs in stock' });
    expect(document.activeElement).toBe(refusal);
    expect(within(refusal).getByText(/Only 1 left of Stride Pro Running Shoe, UK 8/)).toBeVisible();
    expect(within(refusal).getByText(/you asked for 2/)).toBeVisible();
    expect(within(refusal).queryByText(/Coast Strap Sandal/)).toBeNull();
    // Nothing else is lost: the address, the other line, the cart.
    expect(locationText(container)).toBe('/place-order');
    expect(screen.getByLabelText<HTMLInputElement>('Street').value).toBe('12 MG Road');
    expect(screen.getByRole('link', { name: 'Cart, 3 items' })).toBeVisible();

    await user.click(
      within(refusal).getByRole('button', { name: 'Set to 1: Stride Pro Running Shoe, size UK 8' }),
    );
    expect(await screen.findByRole('region', { name: 'Your cart is updated' })).toBeVisible();
    expect(screen.getByText('Now 1 in your cart')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Cart, 2 items' })).toBeVisible();
    expect(
      await within(screen.getByRole('region', { name: 'Cart totals' })).findByText('₹5,808'),
    ).toBeVisible();
    await waitFor(() =>
      expect(requests.filter((sent) => sent.operationName === 'UpdateCartLine')).toHaveLength(1),
    );

    vi.spyOn(globalThis.crypto, 'randomUUID').mockReturnValueOnce(FIXED_KEY);
    await user.click(screen.getByRole('button', { name: 'PLACE ORDER' }));
    await waitFor(() => expect(locationText(container)).toBe('/orders'));
    expect(requests.filter((sent) => sent.operationName === 'PlaceOrder')).toHaveLength(2);
  });

  it('a sold-out line is removed from the refusal with Remove', async () => {
    const user = userEvent.setup();
    const shortfalls = [
      { productId: 'men-run', name: 'Stride Pro Running Shoe', size: 'UK 8', requested: 2, left: 0 },
    ];
    signedInCheckout([
      fail(PlaceOrderDocument, orderVariables, 'Stride Pro Running Shoe, UK 8 is sold out', 'OUT_OF_STOCK', {
        shortfalls,
      }),
      answer(
        UpdateCartLineDocument,
        { productId: 'men-run', size: 'UK 8', quantity: 0 },
        { updateCartLine: { __typename: 'Cart', lines: [] } },
      ),
    ]);
    await screen.findByText('₹9,008');
    await fillAddress(user);
    pinIdempotencyKey();
    await user.click(screen.getByRole('button', { name: 'PLACE ORDER' }));

    const refusal = await screen.findByRole('region', { name: 'Not enough pairs in stock' });
    expect(within(refusal).getByText(/Stride Pro Running Shoe, UK 8 is sold out/)).toBeVisible();
    await user.click(
      within(refusal).getByRole('button', { name: 'Remove Stride Pro Running Shoe, size UK 8' }),
    );
    expect(await screen.findByText('Removed')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Cart, 0 items' })).toBeVisible();
  });

  it('an OUT_OF_STOCK refusal without lines it can read is shown as its message', async () => {
    const user = userEvent.setup();
    signedInCheckout([
      fail(PlaceOrderDocument, orderVariables, 'Some sizes are sold out', 'OUT_OF_STOCK', {
        shortfalls: 'none',
      }),
    ]);
    await screen.findByText('₹9,008');
    await fillAddress(user);
    pinIdempotencyKey();
    await user.click(screen.getByRole('button', { name: 'PLACE ORDER' }));

    await findToast('Some sizes are sold out');
    expect(screen.queryByRole('region', { name: 'Not enough pairs in stock' })).toBeNull();
    expect(screen.getByLabelText<HTMLInputElement>('Street').value).toBe('12 MG Road');
  });
});
