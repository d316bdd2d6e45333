import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { MyOrdersDocument, type MyOrdersQuery } from '../../graphql/generated/graphql';
import { serverCartAnswer, viewerAnswer } from '../../test/cart-fixtures';
import { answer } from '../../test/graphql-mock';
import { renderApp } from '../../test/render-app';
import { setHostedSession, setSessionToken } from '../../shared/session/session-store';

type Order = MyOrdersQuery['myOrders'][number];

function order(
  id: string,
  placedAt: string,
  status: string,
  items: Array<[name: string, price: number, quantity: number, size: string, image: string | null]>,
): Order {
  return {
    __typename: 'Order',
    id,
    status,
    paymentMethod: 'COD',
    placedAt,
    items: items.map(([name, price, quantity, size, image], index) => ({
      __typename: 'OrderItem',
      productId: `${id}-p${index}`,
      name,
      price,
      quantity,
      size,
      image,
    })),
  };
}

const older = order('o1', '2026-01-05T10:00:00.000Z', 'Delivered', [['Coast Strap Sandal', 1299, 1, 'UK 5', null]]);
const newer = order('o2', '2026-03-20T08:30:00.000Z', 'Order Placed', [
  ['Stride Pro Running Shoe', 4499, 2, 'UK 8', '/images/men-run.svg'],
  ['Stride Pro Running Shoe', 4499, 1, 'UK 9', '/images/men-run.svg'],
]);

function signedInOrders(...answers: Array<readonly Order[]>) {
  setSessionToken('token-asha');
  return renderApp('/orders', [
    viewerAnswer,
    serverCartAnswer([]),
    ...answers.map((orders) => answer(MyOrdersDocument, {}, { myOrders: [...orders] })),
  ]);
}

describe('orders page', () => {
  it('lists one row per ordered item, newest order first, with its details and status', async () => {
    signedInOrders([older, newer]);

    expect(await screen.findByRole('heading', { level: 1, name: 'My orders' })).toBeTruthy();
    const list = await screen.findByRole('list', { name: 'Ordered items' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows).toHaveLength(3);

    const first = within(rows[0]!);
    expect(first.getByText('Stride Pro Running Shoe')).toBeTruthy();
    expect(first.getByRole('img', { name: 'Stride Pro Running Shoe' }).getAttribute('src')).toContain(
      `url=${encodeURIComponent('/images/men-run.svg')}&`,
    );
    expect(first.getByText('₹4,499')).toBeTruthy();
    expect(first.getByText('Quantity: 2')).toBeTruthy();
    expect(first.getByText('Size: UK 8')).toBeTruthy();
    expect(first.getByText('20 Mar 2026')).toBeTruthy();
    expect(first.getByText('Payment: COD')).toBeTruthy();
    expect(first.getByText('Order Placed')).toBeTruthy();

    const last = within(rows[2]!);
    expect(last.getByText('Coast Strap Sandal')).toBeTruthy();
    expect(last.getByRole('img', { name: 'Coast Strap Sandal' }).getAttribute('src')).toBe('/product-placeholder.svg');
    expect(last.getByText('Delivered')).toBeTruthy();
  });

  it('Track Order loads the orders again', async () => {
    const user = userEvent.setup();
    const shipped = { ...newer, status: 'Shipped' };
    const { requests } = signedInOrders([newer], [shipped]);

    const buttons = await screen.findAllByRole('button', { name: 'Track Order' });
    expect(screen.getAllByText('Order Placed')).toHaveLength(2);
    await user.click(buttons[0]!);

    await waitFor(() => expect(screen.getAllByText('Shipped')).toHaveLength(2));
    expect(requests.filter((sent) => sent.operationName === 'MyOrders')).toHaveLength(2);
  });

  it('no orders yet says so', async () => {
    signedInOrders([]);
    expect(await screen.findByText('You have not placed any orders yet.')).toBeTruthy();
  });

  it('signed out, it asks the shopper to sign in and loads nothing', async () => {
    const { requests } = renderApp('/orders');

    await screen.findByText('Sign in to see your orders.');
    const link = within(screen.getByRole('main')).getByRole('link', { name: 'Sign in' });
    expect(link.getAttribute('href')).toBe('/login?next=%2Forders');
    expect(requests.filter((sent) => sent.operationName === 'MyOrders')).toHaveLength(0);
  });

  it('signed out with the hosted sign-in ready, it offers its modal, which returns here, and the email form beside it', async () => {
    const user = userEvent.setup();
    const openSignIn = vi.fn();
    setHostedSession({ signedIn: false, getToken: () => Promise.resolve(null), openSignIn });
    const { requests } = renderApp('/orders');

    await screen.findByText('Sign in to see your orders.');
    const main = within(screen.getByRole('main'));
    expect(main.getByRole('link', { name: 'Sign in with email instead' }).getAttribute('href')).toBe('/login?next=%2Forders');
    await user.click(main.getByRole('button', { name: 'Sign in' }));
    expect(openSignIn).toHaveBeenCalledExactlyOnceWith('/orders');
    expect(requests.filter((sent) => sent.operationName === 'MyOrders')).toHaveLength(0);
  });
});
