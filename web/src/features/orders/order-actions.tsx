// The order actions' panels, loaded when the shopper opens one (order-row.tsx): "Cancel order" with its
// confirm step, and the compact "Return or exchange" form. Each runs its machine (machines/src/orders).
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useId, useRef } from 'react';
import { fromPromise } from 'xstate';
import { RETURN_REASONS, type ReturnKind } from '#domain/order-life';
import { RETURN_POLICY_DAYS } from '#domain/store-rules';
import { cancelOrderMachine, selectCancelMessage } from '#machines/orders/cancel-order-machine';
import {
  returnRequestMachine,
  selectReturnMessage,
  selectReturnSubmitting,
} from '#machines/orders/return-request-machine';
import { inspect } from '../../shared/inspect';
import { showToast } from '../../shared/toasts';
import ui from '../../shared/ui.module.css';
import { formatDayMonth } from './order-dates';
import { cancelOrder, requestReturn } from './orders-api';
import type { OrderItemRow } from './order-rows';
import styles from './orders.module.css';

interface PanelProps {
  row: OrderItemRow;
  /** The panel is done: the row shows its buttons again (and the order as the store now has it). */
  onClose: () => void;
  /** The store's answer changed what the page knows: read the orders again. */
  onOrderChanged: () => void;
}

/** Focuses the element once, when the panel appears, so keyboard and screen-reader users land in it. */
function useFocusOnMount<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  useEffect(() => ref.current?.focus(), []);
  return ref;
}

/**
 * Opens the machine as the panel mounts, and hands the row back once it rests again (dismissed) or is done; a
 * machine whose guard does not let it open (the order moved on) closes the panel at once.
 */
function usePanelLifecycle(
  opened: boolean,
  resting: boolean,
  done: boolean,
  open: () => void,
  onDone: () => void,
  onClose: () => void,
) {
  const callbacks = useRef({ open, onDone, onClose });
  // Declared first, so the effects below call this render's callbacks.
  useEffect(() => {
    callbacks.current = { open, onDone, onClose };
  });
  const wasOpen = useRef(false);
  useEffect(() => {
    callbacks.current.open();
  }, []);
  useEffect(() => {
    if (opened) wasOpen.current = true;
    else if (resting && wasOpen.current) callbacks.current.onClose();
    if (done) {
      callbacks.current.onDone();
      callbacks.current.onClose();
    }
  }, [opened, resting, done]);
}

export function CancelPanel({ row, onClose, onOrderChanged }: PanelProps) {
  const actor = useActorRef(
    cancelOrderMachine.provide({
      actors: { cancelOrder: fromPromise(({ input }: { input: { orderId: string } }) => cancelOrder(input)) },
      actions: { orderChanged: onOrderChanged },
    }),
    { input: { orderId: row.orderId, status: row.status, cancellable: row.cancellable }, inspect },
  );
  const state = useSelector(actor, (snapshot) => snapshot.value);
  const message = useSelector(actor, selectCancelMessage);
  const heading = useFocusOnMount<HTMLParagraphElement>();
  const titleId = useId();

  usePanelLifecycle(
    state !== 'idle' && state !== 'cancelled',
    state === 'idle',
    state === 'cancelled',
    () => {
      actor.send({ type: 'cancel.opened' });
      if (actor.getSnapshot().matches('idle')) onClose();
    },
    () => showToast('success', `Order ${row.reference} cancelled`),
    onClose,
  );

  const cancelling = state === 'cancelling';
  return (
    <section className={styles.confirm} aria-labelledby={titleId} aria-busy={cancelling}>
      <p id={titleId} ref={heading} tabIndex={-1} className={styles.panelTitle}>
        {state === 'refused'
          ? `Order ${row.reference} could not be cancelled`
          : state === 'failed'
            ? `Order ${row.reference} was not cancelled`
            : `Cancel order ${row.reference}?`}
      </p>
      {(state === 'confirming' || cancelling) && (
        <>
          <p className={styles.panelText}>
            Every item of this order is cancelled. Nothing is charged: it was to be paid on delivery.
          </p>
          <div className={styles.panelButtons}>
            <button
              type="button"
              className={`${ui.button} ${styles.action} ${styles.danger}`}
              aria-disabled={cancelling}
              onClick={() => actor.send({ type: 'cancel.confirmed' })}
            >
              {cancelling ? 'Cancelling…' : 'Yes, cancel order'}
            </button>
            <button
              type="button"
              className={`${ui.buttonGhost} ${styles.action}`}
              disabled={cancelling}
              onClick={() => actor.send({ type: 'cancel.dismissed' })}
            >
              Keep order
            </button>
          </div>
        </>
      )}
      {(state === 'refused' || state === 'failed') && message !== null && (
        <>
          <p className={styles.refusal} role="alert">
            {message}
          </p>
          <div className={styles.panelButtons}>
            {state === 'failed' && (
              <button
                type="button"
                className={`${ui.button} ${styles.action}`}
                onClick={() => actor.send({ type: 'cancel.retried' })}
              >
                Try again
              </button>
            )}
            <button
              type="button"
              className={`${ui.buttonGhost} ${styles.action}`}
              onClick={() => actor.send({ type: 'cancel.dismissed' })}
            >
              Close
            </button>
          </div>
        </>
      )}
    </section>
  );
}

const KIND_LABELS: Record<ReturnKind, string> = {
  return: 'Return for a refund',
  exchange: 'Exchange for another size',
};

export function ReturnPanel({ row, onClose, onOrderChanged }: PanelProps) {
  const actor = useActorRef(
    returnRequestMachine.provide({
      actors: {
        requestReturn: fromPromise(({ input }: { input: Parameters<typeof requestReturn>[0] }) =>
          requestReturn(input),
        ),
      },
      actions: { orderChanged: onOrderChanged },
    }),
    {
      input: {
        orderId: row.orderId,
        productId: row.productId,
        size: row.size,
        returnableUntil: row.returnableUntil === null ? null : Date.parse(row.returnableUntil),
        exchangeSizes: row.exchangeSizes,
      },
      inspect,
    },
  );
  const state = useSelector(actor, (snapshot) => snapshot.value);
  const { kind, reason, exchangeSize, missing } = useSelector(actor, (snapshot) => snapshot.context);
  const message = useSelector(actor, selectReturnMessage);
  const submitting = useSelector(actor, selectReturnSubmitting);
  const title = useFocusOnMount<HTMLParagraphElement>();
  const ids = useId();
  const otherSizes = row.exchangeSizes.filter((size) => size !== row.size);

  usePanelLifecycle(
    state !== 'closed' && state !== 'requested',
    state === 'closed',
    state === 'requested',
    () => {
      actor.send({ type: 'return.opened' });
      if (actor.getSnapshot().matches('closed')) onClose();
    },
    () => showToast('success', kind === 'exchange' ? 'Exchange requested' : 'Return requested'),
    onClose,
  );

  const errorId = (field: string) => `${ids}-${field}-error`;
  return (
    <form
      className={styles.returnForm}
      aria-labelledby={`${ids}-title`}
      aria-busy={submitting}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        actor.send({ type: state === 'failed' ? 'return.retried' : 'return.submitted' });
      }}
    >
      <p id={`${ids}-title`} ref={title} tabIndex={-1} className={styles.panelTitle}>
        Return or exchange {row.name}, size {row.size}
      </p>
      {row.returnableUntil !== null && (
        <p className={styles.panelText}>
          Within {RETURN_POLICY_DAYS} days of delivery: until {formatDayMonth(row.returnableUntil)}. The shop
          arranges the pickup.
        </p>
      )}

      <fieldset className={styles.choice} aria-describedby={missing.kind ? errorId('kind') : undefined}>
        <legend className={styles.legend}>What would you like?</legend>
        {(['return', 'exchange'] as const).map((option) => (
          <label key={option} className={styles.option}>
            <input
              type="radio"
              name={`${ids}-kind`}
              value={option}
              checked={kind === option}
              disabled={option === 'exchange' && otherSizes.length === 0}
              onChange={() => actor.send({ type: 'return.kindChosen', kind: option })}
            />
            <span>{KIND_LABELS[option]}</span>
          </label>
        ))}
        {otherSizes.length === 0 && (
          <span className={styles.hint}>No other size is in stock for an exchange.</span>
        )}
        {missing.kind && (
          <span id={errorId('kind')} className={styles.fieldError}>
            {missing.kind}
          </span>
        )}
      </fieldset>

      <label className={styles.field}>
        <span className={styles.legend}>Reason</span>
        <select
          className={styles.select}
          value={reason ?? ''}
          aria-invalid={missing.reason ? true : undefined}
          aria-describedby={missing.reason ? errorId('reason') : undefined}
          onChange={(event) => actor.send({ type: 'return.reasonChosen', reason: event.target.value })}
        >
          <option value="" disabled>
            Select a reason
          </option>
          {RETURN_REASONS.map((option) => (
            <option key={option} value={option}>
              {option}
            </option>
          ))}
        </select>
        {missing.reason && (
          <span id={errorId('reason')} className={styles.fieldError}>
            {missing.reason}
          </span>
        )}
      </label>

      {kind === 'exchange' && (
        <fieldset
          className={styles.choice}
          aria-describedby={missing.exchangeSize ? errorId('size') : undefined}
        >
          <legend className={styles.legend}>Size you want instead</legend>
          <div className={styles.sizes}>
            {otherSizes.map((size) => (
              <label key={size} className={styles.sizeOption}>
                <input
                  type="radio"
                  name={`${ids}-size`}
                  value={size}
                  checked={exchangeSize === size}
                  onChange={() => actor.send({ type: 'return.sizeChosen', size })}
                />
                <span>{size}</span>
              </label>
            ))}
          </div>
          {missing.exchangeSize && (
            <span id={errorId('size')} className={styles.fieldError}>
              {missing.exchangeSize}
            </span>
          )}
        </fieldset>
      )}

      {message !== null && (
        <p className={styles.refusal} role="alert">
          {message}
        </p>
      )}

      <div className={styles.panelButtons}>
        {state !== 'refused' && (
          <button type="submit" className={`${ui.button} ${styles.action}`} aria-disabled={submitting}>
            {submitting ? 'Sending…' : state === 'failed' ? 'Try again' : 'Send request'}
          </button>
        )}
        <button
          type="button"
          className={`${ui.buttonGhost} ${styles.action}`}
          onClick={() => actor.send({ type: 'return.dismissed' })}
        >
          {state === 'refused' ? 'Close' : 'Cancel'}
        </button>
      </div>
    </form>
  );
}
