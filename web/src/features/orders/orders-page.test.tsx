import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { type MyOrdersQuery } from '../../graphql/generated/graphql';
import { CancelOrderDocument, MyOrdersDocument, RequestReturnDocument } from './generated/documents';
import { serverCartAnswer, viewerAnswer } from '../../test/cart-fixtures';
import { answer, fail, type GraphQLMock } from '../../test/graphql-mock';
import { apolloClient } from '../../graphql/apollo-client';
import { renderApp } from '../../test/render-app';
import { setHostedSession, setSessionToken } from '../../shared/session/session-store';

type Order = MyOrdersQuery['myOrders'][number];

function order(
  id: string,
  placedAt: string,
  status: string,
  items: Array<[name: string, price: number, quantity: number, size: string, image: string | null]>,
  life: Partial<Pick<Order, 'cancellable' | 'returnableUntil' | 'returns' | 'statusHistory'>> & {
    exchangeSizes?: string[];
  } = {},
): Order {
  const { exchangeSizes = [], ...rest } = life;
  return {
    __typename: 'Order',
    id,
    reference: `#${id.toUpperCase()}REF`,
    status,
    paymentMethod: 'COD',
    placedAt,
    amount: items.reduce((sum, [, price, quantity]) => sum + price * quantity, 10),
    cancellable: false,
    returnableUntil: null,
    statusHistory: [{ __typename: 'OrderStatusChange', status, at: placedAt }],
    returns: [],
    ...rest,
    items: items.map(([name, price, quantity, size, image], index) => ({
      __typename: 'OrderItem',
      productId: `${id}-p${index}`,
      name,
      price,
      quantity,
      size,
      image,
      exchangeSizes,
    })),
  };
}

const older = order('o1', '2026-01-05T10:00:00.000Z', 'Delivered', [
  ['Coast Strap Sandal', 1299, 1, 'UK 5', null],
]);
const newer = order('o2', '2026-03-20T08:30:00.000Z', 'Order Placed', [
  ['Stride Pro Running Shoe', 4499, 2, 'UK 8', '/images/men-run.svg'],
  ['Stride Pro Running Shoe', 4499, 1, 'UK 9', '/images/men-run.svg'],
]);

function signedInOrders(...answers: Array<readonly Order[]>) {
  return signedInWith([], ...answers);
}

/** Signed in, with these orders answered in turn and the other calls the test expects (matched by their variables). */
function signedInWith(calls: readonly GraphQLMock[], ...answers: Array<readonly Order[]>) {
  setSessionToken('token-asha');
  return renderApp('/orders', [
    viewerAnswer,
    serverCartAnswer([]),
    ...answers.map((orders) => answer(MyOrdersDocument, {}, { myOrders: [...orders] })),
    ...calls,
  ]);
}

describe('orders page', () => {
  it('lists one row per ordered item, newest order first, with its details and status', async () => {
    signedInOrders([older, newer]);

    expect(await screen.findByRole('heading', { level: 1, name: 'My orders' })).toBeVisible();
    const list = await screen.findByRole('list', { name: 'Ordered items' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows).toHaveLength(3);

    const first = within(rows[0]!);
    expect(first.getByText('Stride Pro Running Shoe')).toBeVisible();
    expect(first.getByRole('img', { name: 'Stride Pro Running Shoe' }).getAttribute('src')).toContain(
      `url=${encodeURIComponent('/images/men-run.svg')}&`,
    );
    expect(first.getByText('₹4,499')).toBeVisible();
    expect(first.getByText('Quantity: 2')).toBeVisible();
    expect(first.getByText('Size: UK 8')).toBeVisible();
    expect(first.getByText('20 Mar 2026')).toBeVisible();
    expect(first.getByText('Payment: COD')).toBeVisible();
    expect(first.getByText('Order Placed', { selector: 'p' })).toBeVisible();

    const last = within(rows[2]!);
    expect(last.getByText('Coast Strap Sandal')).toBeVisible();
    expect(last.getByRole('img', { name: 'Coast Strap Sandal' }).getAttribute('src')).toBe(
      '/product-placeholder.svg',
    );
    expect(last.getByText('Delivered', { selector: 'p' })).toBeVisible();
  });

  it('Track Order loads the orders again', async () => {
    const user = userEvent.setup();
    const shipped = { ...newer, status: 'Shipped' };
    const { requests } = signedInOrders([newer], [shipped]);

    const buttons = await screen.findAllByRole('button', { name: 'Track Order' });
    expect(screen.getAllByText('Order Placed', { selector: 'p' })).toHaveLength(2);
    await user.click(buttons[0]!);

    await waitFor(() => expect(screen.getAllByText('Shipped', { selector: 'p' })).toHaveLength(2));
    expect(requests.filter((sent) => sent.operationName === 'MyOrders')).toHaveLength(2);
  });

  it('asked again while an earlier load is on its way (a kept order just sent), shows the newer answer', async () => {
    const user = userEvent.setup();
    let release = (): void => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    setSessionToken('token-asha');
    const { requests } = renderApp('/orders', [
      viewerAnswer,
      serverCartAnswer([]),
      answer(MyOrdersDocument, {}, { myOrders: [older] }),
      // Track Order's load, read before the order was placed and answered late.
      answer(MyOrdersDocument, {}, { myOrders: [older] }, held),
      answer(MyOrdersDocument, {}, { myOrders: [older, newer] }),
    ]);
    await user.click(await screen.findByRole('button', { name: 'Track Order' }));
    await waitFor(() => expect(requests.filter((sent) => sent.operationName === 'MyOrders')).toHaveLength(2));
    // What the app does when a kept order is placed (kept-orders.ts).
    const refetched = apolloClient.refetchQueries({ include: ['MyOrders'] });
    release();
    await refetched;
    expect(await screen.findAllByText('Stride Pro Running Shoe')).toHaveLength(2);
    expect(requests.filter((sent) => sent.operationName === 'MyOrders')).toHaveLength(3);
  });

  it('no orders yet says so', async () => {
    signedInOrders([]);
    expect(await screen.findByText('You have not placed any orders yet.')).toBeVisible();
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
    expect(main.getByRole('link', { name: 'Sign in with email instead' }).getAttribute('href')).toBe(
      '/login?next=%2Forders',
    );
    await user.click(main.getByRole('button', { name: 'Sign in' }));
    expect(openSignIn).toHaveBeenCalledExactlyOnceWith('/orders');
    expect(requests.filter((sent) => sent.operationName === 'MyOrders')).toHaveLength(0);
  });
});

describe('orders page: after the order', () => {
  const DAY = 24 * 60 * 60 * 1000;
  const placed = order(
    'o3',
    '2026-11-20T05:00:00.000Z',
    'Order Placed',
    [['Trail Runner', 3999, 1, '8', null]],
    { cancellable: true },
  );
  const deliveredAt = new Date(Date.now() - DAY).toISOString();
  const until = new Date(Date.now() + 6 * DAY).toISOString();
  const delivered = order(
    'o4',
    '2026-11-18T05:00:00.000Z',
    'Delivered',
    [['Court Sneaker', 2499, 2, '8', null]],
    {
      returnableUntil: until,
      exchangeSizes: ['7', '9'],
      statusHistory: [
        { __typename: 'OrderStatusChange', status: 'Order Placed', at: '2026-11-18T05:00:00.000Z' },
        { __typename: 'OrderStatusChange', status: 'Shipped', at: '2026-11-19T05:00:00.000Z' },
        { __typename: 'OrderStatusChange', status: 'Delivered', at: deliveredAt },
      ],
    },
  );
  const dayMonth = (iso: string) =>
    new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', timeZone: 'Asia/Kolkata' }).format(
      new Date(iso),
    );

  async function rowOf(name: string) {
    const list = await screen.findByRole('list', { name: 'Ordered items' });
    return within(within(list).getByText(name).closest('li')!);
  }

  it("shows each row's order reference, total, history and the deadline of its return window", async () => {
    signedInOrders([delivered]);
    const row = await rowOf('Court Sneaker');
    expect(row.getByText('#O4REF')).toBeVisible();
    expect(row.getByText(/Total ₹5,008/)).toBeVisible();
    const history = row.getByLabelText('History of order #O4REF');
    expect(
      within(history)
        .getAllByRole('term')
        .map((term) => term.textContent),
    ).toEqual(['Order Placed', 'Shipped', 'Delivered']);
    expect(within(history).getByText('18 Nov')).toBeVisible();
    expect(row.getByText(`Returnable until`, { exact: false }).textContent).toBe(
      `Returnable until ${dayMonth(until)}`,
    );
    expect(row.getByRole('button', { name: 'Return or exchange' })).toBeVisible();
    expect(row.queryByRole('button', { name: 'Cancel order' })).toBeNull();
  });

  it('offers no action where the store gives none (a backend without cancellations or returns)', async () => {
    signedInOrders([
      order('o5', '2026-11-18T05:00:00.000Z', 'Delivered', [['Court Sneaker', 2499, 1, '8', null]]),
    ]);
    const row = await rowOf('Court Sneaker');
    expect(row.getByRole('button', { name: 'Track Order' })).toBeVisible();
    expect(row.queryByRole('button', { name: 'Cancel order' })).toBeNull();
    expect(row.queryByRole('button', { name: 'Return or exchange' })).toBeNull();
    expect(row.queryByText(/Returnable until/)).toBeNull();
  });

  it('cancels after a confirm step; the row then reads Cancelled without the green dot', async () => {
    const user = userEvent.setup();
    const cancelled = { ...placed, status: 'Cancelled', cancellable: false };
    const { requests } = signedInWith(
      [answer(CancelOrderDocument, { orderId: 'o3' }, { cancelOrder: cancelled })],
      [placed],
      [cancelled],
    );
    const row = await rowOf('Trail Runner');
    await user.click(row.getByRole('button', { name: 'Cancel order' }));
    expect(await row.findByText('Cancel order #O3REF?')).toBeVisible();
    await waitFor(() => expect(document.activeElement?.textContent).toBe('Cancel order #O3REF?'));
    expect(requests.filter((sent) => sent.operationName === 'CancelOrder')).toHaveLength(0);

    // Keeping it closes the panel and brings the button back; nothing was sent.
    await user.click(row.getByRole('button', { name: 'Keep order' }));
    await user.click(await row.findByRole('button', { name: 'Cancel order' }));
    await user.click(await row.findByRole('button', { name: 'Yes, cancel order' }));

    const after = await rowOf('Trail Runner');
    await waitFor(() => expect(after.getByText('Cancelled', { selector: 'p' })).toBeVisible());
    expect(after.queryByRole('button', { name: 'Cancel order' })).toBeNull();
    const dot = after.getByText('Cancelled', { selector: 'p' }).querySelector('span')!;
    expect(dot.className).toMatch(/dotCancelled/);
    expect(requests.filter((sent) => sent.operationName === 'CancelOrder')).toHaveLength(1);
  });

  it("shows the store's reason inline when it is too late to cancel", async () => {
    const user = userEvent.setup();
    const reason =
      'This order is already Packing: it can no longer be cancelled. You can return it within 7 days of delivery.';
    signedInWith(
      [fail(CancelOrderDocument, { orderId: 'o3' }, reason, 'BAD_USER_INPUT')],
      [placed],
      [{ ...placed, status: 'Packing', cancellable: false }],
    );
    const row = await rowOf('Trail Runner');
    await user.click(row.getByRole('button', { name: 'Cancel order' }));
    await user.click(await row.findByRole('button', { name: 'Yes, cancel order' }));
    expect((await row.findByRole('alert')).textContent).toBe(reason);
    // The page reads the orders again: the row now says where the order is.
    await waitFor(() => expect(row.getByText('Packing', { selector: 'p' })).toBeVisible());
  });

  it('asks for an exchange with a reason and a size in stock, and shows its state beside the line', async () => {
    const user = userEvent.setup();
    vi.spyOn(globalThis.crypto, 'randomUUID').mockReturnValue('00000000-0000-4000-8000-000000000001');
    const requested = {
      ...delivered,
      returns: [
        {
          __typename: 'ReturnRequest' as const,
          id: 'r1',
          productId: 'o4-p0',
          size: '8',
          quantity: 2,
          kind: 'EXCHANGE' as const,
          reason: 'Does not fit',
          exchangeSize: '9',
          status: 'REQUESTED' as const,
          requestedAt: new Date().toISOString(),
          updatedAt: new Date().toISOString(),
        },
      ],
    };
    const exchange = {
      orderId: 'o4',
      productId: 'o4-p0',
      size: '8',
      kind: 'EXCHANGE' as const,
      reason: 'Does not fit',
      exchangeSize: '9',
      idempotencyKey: '00000000-0000-4000-8000-000000000001',
    };
    const { requests } = signedInWith(
      [answer(RequestReturnDocument, { input: exchange }, { requestReturn: requested })],
      [delivered],
      [requested],
    );
    const row = await rowOf('Court Sneaker');
    await user.click(row.getByRole('button', { name: 'Return or exchange' }));
    const form = within(await row.findByRole('form'));

    // Sent without choices, it names what is missing and sends nothing.
    await user.click(form.getByRole('button', { name: 'Send request' }));
    expect(form.getByText('Choose a return or an exchange')).toBeVisible();
    expect(form.getByText('Choose a reason')).toBeVisible();

    await user.click(form.getByRole('radio', { name: 'Exchange for another size' }));
    await user.selectOptions(form.getByRole('combobox', { name: /Reason/ }), 'Does not fit');
    // Only the other sizes in stock are offered.
    expect(form.getAllByRole('radio', { name: /^\d+$/ }).map((radio) => radio.getAttribute('value'))).toEqual(
      ['7', '9'],
    );
    await user.click(form.getByRole('radio', { name: '9' }));
    await user.click(form.getByRole('button', { name: 'Send request' }));

    await waitFor(() => expect(row.getByText(/Exchange requested — size 9/)).toBeVisible());
    expect(row.queryByRole('form')).toBeNull();
    // Every pair of the line is in the request: nothing is left to ask for.
    expect(row.queryByRole('button', { name: 'Return or exchange' })).toBeNull();
    expect(row.queryByText(/Returnable until/)).toBeNull();
    expect(requests.filter((sent) => sent.operationName === 'RequestReturn')).toHaveLength(1);
  });

  it("shows the store's refusal inside the form (the window closed meanwhile)", async () => {
    const user = userEvent.setup();
    vi.spyOn(globalThis.crypto, 'randomUUID').mockReturnValue('00000000-0000-4000-8000-000000000002');
    const input = {
      orderId: 'o4',
      productId: 'o4-p0',
      size: '8',
      kind: 'RETURN' as const,
      reason: 'Changed my mind',
      exchangeSize: null,
      idempotencyKey: '00000000-0000-4000-8000-000000000002',
    };
    signedInWith(
      [
        fail(
          RequestReturnDocument,
          { input },
          'The return window for this order closed on 25 Nov.',
          'BAD_USER_INPUT',
        ),
      ],
      [delivered],
      [delivered],
    );
    const row = await rowOf('Court Sneaker');
    await user.click(row.getByRole('button', { name: 'Return or exchange' }));
    const form = within(await row.findByRole('form'));
    await user.click(form.getByRole('radio', { name: 'Return for a refund' }));
    await user.selectOptions(form.getByRole('combobox', { name: /Reason/ }), 'Changed my mind');
    await user.click(form.getByRole('button', { name: 'Send request' }));
    expect((await form.findByRole('alert')).textContent).toBe(
      'The return window for this order closed on 25 Nov.',
    );
  });
});
