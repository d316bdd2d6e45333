import { useSyncExternalStore } from 'react';
import { createActor, fromPromise, type ActorRefFrom } from 'xstate';
import type { OrderRequest } from '#machines/checkout/checkout-machine';
import {
  queuedOrderMachine,
  queuedOrderStatus,
  type QueuedOrder,
  type QueuedOrderItem,
} from '#machines/checkout/queued-order-machine';
import { QUEUED_ORDER_LIFETIME_HOURS, SEND_KEPT_ORDERS } from '#domain/queued-order';
import { createListeners } from '../../../shared/listeners';
import { retrySchedule } from '../../../shared/retry-schedule';
import { showToast } from '../../../shared/toasts';
import { loadApolloClient } from '../../../graphql/store-client';
import { orderedWhat, orderSummary } from '../order-confirmation';
import { placeOrder } from '../place-order-api';
import { accountIdOf } from '../../../shared/session/account-id';
import { getSessionToken } from '../../../shared/session/session-store';
import {
  deleteKeptOrder,
  deleteOutcome,
  deleteSender,
  putKeptOrder,
  putSender,
  readKeptOrders,
  takeOutcomes,
  type KeptOrderOutcome,
} from './kept-order-db';

// Orders the store could not be reached for (checkout-machine's `queued`), one queued-order actor each, for the
// signed-in account: sent when the app opens, when the browser says it is online again, when the service
// worker's Background Sync fires, and again on the retry delays while any waits (a store that was down comes
// back without an `online` event). With no tab open, Background Sync has the worker send them (send-from-worker.ts);
// the app tells the shopper what came of them when it next opens.

export interface KeptOrderView {
  order: QueuedOrder;
  /** 'confirming': the store prices it differently now; the shopper confirms `order.newTotal` or drops it. */
  status: 'waiting' | 'confirming';
}

/** What the app does when a kept order is placed: the server emptied the account's cart; the local one follows. */
export interface KeptOrdersHost {
  account: string;
  orderPlaced: () => void;
}

type KeptOrderActor = ActorRefFrom<typeof queuedOrderMachine>;

const actors = new Map<string, KeptOrderActor>();
const listeners = createListeners();
let views: readonly KeptOrderView[] = [];
let host: KeptOrdersHost | null = null;

function refreshViews(): void {
  views = [...actors.values()].flatMap((actor): KeptOrderView[] => {
    const snapshot = actor.getSnapshot();
    const status = queuedOrderStatus(snapshot);
    return status === 'done' ? [] : [{ order: snapshot.context.order, status }];
  });
  listeners.emit();
}

const describe = (order: QueuedOrder): string =>
  orderedWhat(
    order.items.map((item) => item.name),
    'your order',
  );

const keptSince = (order: QueuedOrder): string =>
  new Intl.DateTimeFormat('en-IN', { dateStyle: 'medium', timeStyle: 'short' }).format(order.queuedAt);

/** The store has the order: the cart follows the server's (emptied), MY ORDERS shows it, the shopper is told. */
function announcePlaced(order: QueuedOrder, orderId: string | null): void {
  host?.orderPlaced();
  // MY ORDERS, if open, shows the order the store now has.
  void loadApolloClient()
    .then((client) => client.refetchQueries({ include: ['MyOrders'] }))
    .catch(() => undefined);
  showToast('success', `Your order was sent${orderSummary(describe(order), order.request.total, orderId)}`);
}

function announceRefused(order: QueuedOrder, message: string): void {
  showToast('error', `Your order of ${describe(order)} was not placed: ${message} Your cart still has it.`);
}

function announceExpired(order: QueuedOrder): void {
  showToast(
    'error',
    `Your order of ${describe(order)}, kept since ${keptSince(order)}, was not sent: orders wait at most ${String(QUEUED_ORDER_LIFETIME_HOURS)} hours. Your cart still has it.`,
  );
}

/** What the service worker did with kept orders while no tab was open (send-from-worker.ts). */
function announceOutcome(outcome: KeptOrderOutcome): void {
  if (outcome.kind === 'placed') announcePlaced(outcome.order, outcome.orderId);
  else if (outcome.kind === 'refused') announceRefused(outcome.order, outcome.message);
  else announceExpired(outcome.order);
}

function addActor(order: QueuedOrder): void {
  if (actors.has(order.id)) return;
  const actor = createActor(
    queuedOrderMachine.provide({
      actors: { sendOrder: fromPromise(({ input }: { input: OrderRequest }) => placeOrder(input)) },
      actions: {
        keep: (_, { order: kept }) => void putKeptOrder(kept).catch(() => undefined),
        forget: (_, { id }) => void deleteKeptOrder(id).catch(() => undefined),
      },
    }),
    { input: { order } },
  );
  actor.on('queued.placed', ({ orderId, order: placed }) => {
    // The worker may have sent it too (the same key, one order) and left word of it: told once, here.
    void deleteOutcome(placed.id).catch(() => undefined);
    announcePlaced(placed, orderId);
  });
  actor.on('queued.refused', ({ message, order: refused }) => announceRefused(refused, message));
  actor.on('queued.expired', ({ order: expired }) => announceExpired(expired));
  actor.subscribe(() => {
    refreshViews();
    if (actor.getSnapshot().status !== 'done') return;
    actors.delete(order.id);
    // Nothing left to send: the worker no longer needs to send as this account.
    if (actors.size === 0) void deleteSender(order.account).catch(() => undefined);
  });
  actors.set(order.id, actor.start());
  refreshViews();
}

/** Every waiting order goes out (one send each at a time; a kept order asking for confirmation waits for it). */
function sendEach(): void {
  const at = Date.now();
  for (const actor of actors.values()) actor.send({ type: 'queued.send', at });
}

const retries = retrySchedule(sendEach, () => actors.size > 0);

/** Sends the kept orders now, and again soon after while the store is not reached. */
export function sendKeptOrders(): void {
  retries.wake(true);
}

function stopAll(): void {
  for (const actor of actors.values()) actor.stop();
  actors.clear();
  refreshViews();
}

/** Runs the account's kept orders until the returned function is called (sign-out, another account). */
export function runKeptOrders(next: KeptOrdersHost): () => void {
  host = next;
  let running = true;
  void takeOutcomes(next.account)
    .then((outcomes) => outcomes.forEach(announceOutcome))
    .then(() => readKeptOrders(next.account))
    .then((orders) => {
      if (!running) return;
      if (orders.length > 0) leaveSender(next.account);
      for (const order of orders) addActor(order);
      sendKeptOrders();
    })
    .catch(() => undefined);
  const onMessage = (event: MessageEvent<unknown>) => {
    if ((event.data as { type?: unknown } | null)?.type === SEND_KEPT_ORDERS) sendKeptOrders();
  };
  // Absent outside a secure context (a shop tried over plain http on its network).
  const workers = 'serviceWorker' in navigator ? navigator.serviceWorker : null;
  window.addEventListener('online', sendKeptOrders);
  workers?.addEventListener('message', onMessage);
  return () => {
    running = false;
    window.removeEventListener('online', sendKeptOrders);
    workers?.removeEventListener('message', onMessage);
    retries.stop();
    stopAll();
    // Signed out (or someone else signed in): the worker sends nothing as this account any more.
    void deleteSender(next.account).catch(() => undefined);
    if (host === next) host = null;
  };
}

/**
 * PLACE ORDER found no store: the attempt is kept on the device, with what MY ORDERS shows of it, and sent when
 * the connection is back (Background Sync asked to wake the app for it where the browser has it).
 */
export async function keepOrder(
  request: OrderRequest,
  items: readonly QueuedOrderItem[],
  account: string,
): Promise<void> {
  const order: QueuedOrder = {
    id: request.idempotencyKey,
    account,
    request,
    queuedAt: Date.now(),
    newTotal: null,
    items,
  };
  await putKeptOrder(order);
  leaveSender(account);
  addActor(order);
  // Online but unanswered (a connection reset, a store restarting): tried again at once, then soon after.
  retries.wake(navigator.onLine);
  void askBackgroundSync();
}

/**
 * The store's own token, left where the service worker can send the account's kept orders with no tab open. Not
 * for a hosted sign-in: its tokens last a minute, and the app mints them.
 */
function leaveSender(account: string): void {
  const token = getSessionToken();
  if (token !== null && accountIdOf(token) === account)
    void putSender({ account, token }).catch(() => undefined);
}

async function askBackgroundSync(): Promise<void> {
  if (!('serviceWorker' in navigator)) return;
  // Background Sync is not in every browser (nor in TypeScript's DOM types).
  const registration = await navigator.serviceWorker.getRegistration();
  const sync: unknown = registration === undefined ? undefined : Reflect.get(registration, 'sync');
  if (typeof sync === 'object' && sync !== null && 'register' in sync && typeof sync.register === 'function')
    await Promise.resolve(Reflect.apply(sync.register, sync, [SEND_KEPT_ORDERS])).catch(() => undefined);
}

export function confirmKeptOrder(id: string): void {
  actors.get(id)?.send({ type: 'queued.confirm', at: Date.now() });
}

export function discardKeptOrder(id: string): void {
  actors.get(id)?.send({ type: 'queued.discard' });
}

const readViews = () => views;
const noViews = (): readonly KeptOrderView[] => [];

/** The signed-in account's kept orders, oldest first, as MY ORDERS and the checkout show them. */
export function useKeptOrders(): readonly KeptOrderView[] {
  return useSyncExternalStore(listeners.subscribe, readViews, noViews);
}
