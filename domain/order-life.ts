// An order's life after it is placed: who may move it where, when it may be cancelled, returns and exchanges within
// the policy. Every layer that acts on an order reads these; none keeps its own copy.
import { CANCELLED_STATUS, FULFILMENT_STATUSES, type OrderStatus } from './back-office.js';
import { FIRST_ORDER_STATUS, RETURN_POLICY_DAYS } from './store-rules.js';

/** Who asks for a change: the shopper who placed the order, or the shop (back office, command line). */
export type OrderActor = 'shopper' | 'shop';

export const DELIVERED_STATUS = 'Delivered' satisfies OrderStatus;

/** The statuses before the order leaves the shop: the shop may still cancel it. */
const BEFORE_SHIPPING: readonly OrderStatus[] = [FIRST_ORDER_STATUS, 'Packing'];

export interface OrderTransition {
  from: OrderStatus;
  to: OrderStatus;
  by: readonly OrderActor[];
}

/**
 * Every allowed move. The shop moves an order back as well as forward (a mistaken click must be undone) and cancels
 * until it ships; the shopper cancels only before packing. A cancelled order is final: its pairs went back.
 */
export const ORDER_TRANSITIONS: readonly OrderTransition[] = [
  ...FULFILMENT_STATUSES.flatMap((from) =>
    FULFILMENT_STATUSES.filter((to) => to !== from).map((to): OrderTransition => ({
      from,
      to,
      by: ['shop'],
    })),
  ),
  ...BEFORE_SHIPPING.map((from): OrderTransition => ({
    from,
    to: CANCELLED_STATUS,
    by: from === FIRST_ORDER_STATUS ? ['shopper', 'shop'] : ['shop'],
  })),
];

export function canMoveOrder(from: string, to: string, actor: OrderActor): boolean {
  return ORDER_TRANSITIONS.some((t) => t.from === from && t.to === to && t.by.includes(actor));
}

/** Why a move is refused, in words a shopper or a shop understands; undefined when it is allowed. */
export function orderMoveRefusal(from: string, to: string, actor: OrderActor): string | undefined {
  if (canMoveOrder(from, to, actor)) return undefined;
  if (from === CANCELLED_STATUS) return 'This order was cancelled: it cannot change any more.';
  if (to === CANCELLED_STATUS) {
    return actor === 'shopper'
      ? `This order is already ${from}: it can no longer be cancelled. You can return it within ${RETURN_POLICY_DAYS} days of delivery.`
      : `This order is already ${from}: an order can be cancelled only until it ships.`;
  }
  return actor === 'shopper'
    ? 'Only the shop moves an order to another status.'
    : `An order cannot move from ${from} to ${to}.`;
}

/** A short reference a shopper can read out on the phone: the first 8 characters of the id, upper case. */
export function orderReference(orderId: string): string {
  return `#${orderId
    .replace(/[^0-9a-z]/gi, '')
    .slice(0, 8)
    .toUpperCase()}`;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** The last moment a return or exchange may be asked for: RETURN_POLICY_DAYS after the delivery was recorded. */
export function returnDeadline(deliveredAt: number): number {
  return deliveredAt + RETURN_POLICY_DAYS * DAY_MS;
}

export const RETURN_KINDS = ['return', 'exchange'] as const;
export type ReturnKind = (typeof RETURN_KINDS)[number];

/** The reasons a shopper picks from (a short list the shop can act on, no free text to moderate). */
export const RETURN_REASONS = [
  'Does not fit',
  'Not as pictured',
  'Arrived damaged',
  'Wrong item sent',
  'Changed my mind',
] as const;
export type ReturnReason = (typeof RETURN_REASONS)[number];

/**
 * A request's states: the shop approves or refuses it, marks the item received (its pairs go back to stock), then
 * closes it once the refund is paid or the replacement has shipped.
 */
export const RETURN_STATUSES = ['Requested', 'Approved', 'Refused', 'Received', 'Closed'] as const;
export type ReturnStatus = (typeof RETURN_STATUSES)[number];

/** The shop's actions on a request (the back office's and the command line's words) and the move each makes. */
export const RETURN_ACTIONS = {
  approve: { from: 'Requested', to: 'Approved' },
  refuse: { from: 'Requested', to: 'Refused' },
  received: { from: 'Approved', to: 'Received' },
  close: { from: 'Received', to: 'Closed' },
} as const satisfies Record<string, { from: ReturnStatus; to: ReturnStatus }>;
export type ReturnAction = keyof typeof RETURN_ACTIONS;

/** A request still holding its pairs (it counts against what else may be asked of the same line). */
export function isOpenReturn(status: string): boolean {
  return status !== 'Refused';
}
