import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo, useRef, useState, type ReactNode, type RefObject } from 'react';
import { Navigate, useNavigate } from 'react-router-dom';
import { fromPromise } from 'xstate';
import { DELIVERY_ADDRESS_FIELDS, type DeliveryAddressField } from '#domain/address';
import { orderQueuedMessage } from '#domain/queued-order';
import type { QueuedOrderItem } from '#machines/checkout/queued-order-machine';
import {
  checkoutMachine,
  selectOrderPlaced,
  selectOrderQueued,
  selectPlacingOrder,
  selectSignInRequired,
  selectStockShortfalls,
  type OrderLine,
  type OrderRequest,
} from '#machines/checkout/checkout-machine';
import { focusFirstInvalid } from '../../shared/form-field';
import { inspect } from '../../shared/inspect';
import { preloadPage } from '../../shared/page-chunks';
import { ROUTES } from '../../shared/route-table';
import { showToast } from '../../shared/toasts';
import ui from '../../shared/ui.module.css';
import { useDocumentMeta } from '../../shared/use-document-meta';
import {
  CartTotalsPanel,
  ProductsFailedNotice,
  useCartActor,
  useCartView,
  useSetLineQuantity,
  type CartActorRef,
  type CartView,
} from '../cart';
import { HostedSignInOffer, loginPathFor } from '../login';
import { useHostedSignIn } from '../../shared/session/session-store';
import { useSession } from '../../shared/session/use-session';
import { DeliveryFields } from './delivery-fields';
import { keepOrder, useKeptOrders } from './kept-orders/kept-orders';
import { KeptOrderNotice } from './kept-order-notice';
import { OrderLines } from './order-lines';
import { orderConfirmation } from './order-confirmation';
import { placeOrder } from './place-order-api';
import styles from './place-order.module.css';
import { StockRefusal } from './stock-refusal';

function checkoutLogicFor(cart: CartActorRef) {
  return checkoutMachine.provide({
    actors: { placeOrder: fromPromise(({ input }: { input: OrderRequest }) => placeOrder(input)) },
    actions: {
      // The server emptied the account's cart as it stored the order; the local one follows.
      clearCart: () => cart.send({ type: 'cart.orderPlaced' }),
      notifyError: (_, { message }) => showToast('error', message),
    },
  });
}

export default function PlaceOrderPage() {
  useDocumentMeta(ROUTES.placeOrder.meta.title, ROUTES.placeOrder.meta.description);
  const { status, account } = useSession();
  // Until the session is known the machine cannot start in the right state: the prerendered frame stays.
  if (status === 'pending') return <CheckoutFrame placing={false} />;
  return <Checkout signedIn={status === 'signedIn'} account={account} />;
}

/** The lines whose product the catalogue has, as the checkout shows them (MY ORDERS keeps them with a kept order). */
function itemsOf(view: CartView): QueuedOrderItem[] {
  return view.lines.flatMap((line) =>
    typeof line.product === 'object'
      ? [
          {
            productId: line.itemId,
            size: line.size,
            quantity: line.quantity,
            name: line.product.name,
            price: line.product.price,
            image: line.product.images[0] ?? null,
          },
        ]
      : [],
  );
}

/** What PLACE ORDER sends: those lines, and the total the shopper sees. */
function orderOf(view: CartView): { lines: OrderLine[]; total: number } {
  const lines = itemsOf(view).map(({ productId, size, quantity }) => ({ productId, size, quantity }));
  return { lines, total: view.totals.total };
}

function Checkout({ signedIn, account }: { signedIn: boolean; account: string | null }) {
  const cart = useCartActor();
  const logic = useMemo(() => checkoutLogicFor(cart), [cart]);
  const checkout = useActorRef(logic, { input: { signedIn }, inspect });
  const signInRequired = useSelector(checkout, selectSignInRequired);
  const placed = useSelector(checkout, selectOrderPlaced);
  const queued = useSelector(checkout, selectOrderQueued);
  // One order at a time waits on the device: another PLACE ORDER of the same cart would be a second order.
  const waiting = useKeptOrders().length > 0;
  const placing = useSelector(checkout, selectPlacingOrder);
  const form = useSelector(checkout, (snapshot) => snapshot.context.form);
  const errors = useSelector(checkout, (snapshot) => snapshot.context.fieldErrors);
  const shortfalls = useSelector(checkout, selectStockShortfalls);
  const setQuantity = useSetLineQuantity();
  const view = useCartView();
  const formRef = useRef<HTMLFormElement>(null);
  // The cart as PLACE ORDER sent it: shown, busy, from the moment the order is placed (and the cart emptied)
  // until MY ORDERS can paint, so the page never shows an empty order or a blank frame meanwhile.
  const [submitted, setSubmitted] = useState<CartView | null>(null);
  const navigate = useNavigate();
  // The cart as the shopper last saw it, for the confirmation: the order empties the cart.
  const shownView = useRef<CartView | null>(null);
  useEffect(() => {
    shownView.current = view;
  }, [view]);
  useEffect(() => {
    const placedOrder = checkout.on('checkout.placed', ({ orderId }) => {
      if (shownView.current) showToast('success', orderConfirmation(shownView.current, orderId));
    });
    // No store answered: the order is kept here and sent when the connection is back (MY ORDERS shows it).
    const queuedOrder = checkout.on('checkout.queued', ({ request }) => {
      const shown = shownView.current;
      if (!shown || account === null) return;
      keepOrder(request, itemsOf(shown), account).then(
        () => {
          showToast('info', orderQueuedMessage(navigator.onLine));
          void navigate('/orders', { replace: true });
        },
        () => {
          setSubmitted(null);
          showToast(
            'error',
            'The store could not be reached and this browser could not keep your order. Please try again when you are back online.',
          );
        },
      );
    });
    return () => {
      placedOrder.unsubscribe();
      queuedOrder.unsubscribe();
    };
  }, [checkout, account, navigate]);

  useEffect(() => {
    checkout.send({ type: signedIn ? 'checkout.signedIn' : 'checkout.signedOut' });
  }, [checkout, signedIn]);

  useEffect(() => {
    if (!placed) return;
    let current = true;
    // MY ORDERS' chunk was asked for at PLACE ORDER; going there before it is here paints the fallback.
    void preloadPage('/orders').then(() => {
      if (current) void navigate('/orders', { replace: true });
    });
    return () => {
      current = false;
    };
  }, [placed, navigate]);

  if (signInRequired) return <SignInToCheckout />;
  const shown = (placed || queued) && submitted !== null ? submitted : view;
  const busy = placing || placed || queued;

  const onSubmit = () => {
    // Until every price is known the total is not the one to charge; the button says so (aria-disabled). If
    // asking for them failed, pressing it asks again (the notice above says what failed).
    if (waiting) return;
    if (!view.ready) {
      if (view.failed) view.retry();
      return;
    }
    void preloadPage('/orders');
    setSubmitted(view);
    checkout.send({ type: 'checkout.submitted', ...orderOf(view) });
    focusFirstInvalid(formRef.current, DELIVERY_ADDRESS_FIELDS, checkout.getSnapshot().context.fieldErrors);
  };

  return (
    <CheckoutFrame
      formRef={formRef}
      placing={busy}
      // While an order waits on the device, PLACE ORDER stays PLACE ORDER, unavailable (the notice says why).
      ready={shown.ready && !waiting}
      onSubmit={onSubmit}
      notice={
        <>
          {waiting && !queued ? <KeptOrderNotice /> : null}
          {shortfalls.length > 0 ? (
            <StockRefusal shortfalls={shortfalls} lines={orderOf(view).lines} setQuantity={setQuantity} />
          ) : null}
          {view.failed ? <ProductsFailedNotice onRetry={view.retry} /> : null}
        </>
      }
      fields={
        <DeliveryFields
          values={form}
          errors={errors}
          readOnly={busy}
          onChange={(field: DeliveryAddressField, value: string) =>
            checkout.send({ type: 'checkout.fieldChanged', field, value })
          }
        />
      }
      lines={<OrderLines lines={shown.lines} />}
      totals={
        <CartTotalsPanel subtotal={shown.totals.subtotal} total={shown.totals.total} pending={!shown.ready} />
      }
    />
  );
}

/** Signed out: the hosted modal when ready (the email form beside it), else the email form. */
function SignInToCheckout() {
  const openSignIn = useHostedSignIn();
  if (!openSignIn) return <Navigate to={loginPathFor('/place-order')} replace />;
  return (
    <section className={`container ${styles.page}`} aria-labelledby="delivery-title">
      <div className={styles.delivery}>
        <h1 id="delivery-title" className={ui.sectionTitle}>
          Delivery information
        </h1>
        <HostedSignInOffer
          reason="Sign in to place your order; your cart comes with you."
          returnTo="/place-order"
          openSignIn={openSignIn}
        />
      </div>
    </section>
  );
}

interface CheckoutFrameProps {
  placing: boolean;
  /** Shown above PLACE ORDER: what keeps the order from being placed. */
  notice?: ReactNode;
  ready?: boolean;
  formRef?: RefObject<HTMLFormElement | null>;
  onSubmit?: () => void;
  fields?: ReactNode;
  /** What is ordered, above the totals. */
  lines?: ReactNode;
  totals?: ReactNode;
}

/** The page's layout; without fields it is the placeholder the prerendered HTML and the first paint show. */
function CheckoutFrame({
  placing,
  ready = false,
  formRef,
  onSubmit,
  fields,
  lines,
  totals,
  notice,
}: CheckoutFrameProps) {
  const disabled = placing || !ready;
  return (
    <form
      ref={formRef}
      className={`container ${styles.page}`}
      noValidate
      aria-labelledby="delivery-title"
      aria-busy={placing}
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit?.();
      }}
    >
      <div className={styles.delivery}>
        <h1 id="delivery-title" className={ui.sectionTitle}>
          Delivery information
        </h1>
        {fields ?? <div className={styles.fieldsPlaceholder} aria-hidden="true" />}
      </div>
      <div className={styles.side}>
        {lines ?? <OrderLines lines={null} />}
        {totals ?? <CartTotalsPanel subtotal={0} total={0} pending />}
        <fieldset className={styles.payment}>
          <legend className={`${ui.sectionTitle} ${styles.paymentTitle}`}>Payment method</legend>
          {/* Cash on delivery is the store's one method (spec section 2), so it is shown chosen. */}
          <label className={styles.method}>
            <input type="radio" name="paymentMethod" value="cod" checked readOnly />
            <span>CASH ON DELIVERY</span>
          </label>
        </fieldset>
        {notice}
        {/* The placeholder's button is really disabled: a native submit before the app would only reload. */}
        <button
          type="submit"
          className={`${ui.button} ${styles.placeOrder}`}
          aria-disabled={disabled}
          disabled={onSubmit === undefined}
        >
          {placing ? 'PLACING ORDER…' : 'PLACE ORDER'}
        </button>
      </div>
    </form>
  );
}
