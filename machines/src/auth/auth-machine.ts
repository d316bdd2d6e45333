// The /login screen: email-and-password login or sign-up, which stores the API's token (spec sections 2, 4, 5).
import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import { errorMessage } from '../error-message.js';
import { isStoreBusy } from '../store-errors.js';
import { BUSY_WAIT_BUDGET_MS, busyRetryCeilingMs, busyRetryDelayMs, busyRetryFloorMs } from './busy-retry.js';
import {
  checkCredentials,
  type AuthMode,
  type AuthRequest,
  type CredentialField,
  type CredentialFields,
} from './credentials.js';
import type { FieldErrors } from '../field-errors.js';

/** How a sign-in or sign-up ended: a session token, or the store's refusal and why. */
export type AuthOutcome = { status: 'signedIn'; token: string } | { status: 'refused'; message: string };

const tokenOf = (outcome: AuthOutcome) => (outcome.status === 'signedIn' ? outcome.token : '');

export interface AuthContext {
  mode: AuthMode;
  fields: CredentialFields;
  fieldErrors: FieldErrors<CredentialField>;
  request: AuthRequest | null;
  token: string | null;
  /** While the store answers "busy": the retries so far, the wait before the next, and the waits counted so far. */
  busy: BusyRetry | null;
}

export interface BusyRetry {
  retries: number;
  /** The next wait is between this and twice this (see busy-retry.ts). */
  floorMs: number;
  /** The waits so far, each counted at its longest: never more than BUSY_WAIT_BUDGET_MS. */
  waitedMs: number;
}

export type AuthMachineEvent =
  | { type: 'login.modeToggled' }
  | { type: 'login.fieldChanged'; field: CredentialField; value: string }
  | { type: 'login.submitted' };

export interface AuthOutput {
  token: string;
}

const FALLBACK_FAILURE = 'Could not sign you in';

/** Said once the retries' total wait is spent: the store is busy, plainly, and what to do. */
export const busyGaveUpMessage = (mode: AuthMode): string =>
  `The store is too busy to ${mode === 'login' ? 'sign you in' : 'create your account'} right now. Please try again in a few minutes.`;

/** The wait the next retry would start after a STORE_BUSY answer with this Retry-After. */
function nextBusyRetry(busy: BusyRetry | null, retryAfterSeconds: number | undefined): BusyRetry {
  const retries = busy?.retries ?? 0;
  const floorMs = busyRetryFloorMs(retries, retryAfterSeconds);
  return { retries: retries + 1, floorMs, waitedMs: (busy?.waitedMs ?? 0) + busyRetryCeilingMs(floorMs) };
}

const retryAfterOf = (error: unknown) => (isStoreBusy(error) ? error.retryAfterSeconds : undefined);

const failureMessage = (outcome: AuthOutcome) =>
  outcome.status === 'refused' && outcome.message !== '' ? outcome.message : FALLBACK_FAILURE;

export const authMachine = setup({
  types: {
    context: {} as AuthContext,
    events: {} as AuthMachineEvent,
    output: {} as AuthOutput,
  },
  actors: {
    /** POST /api/user/login for mode 'login', /api/user/register for 'signUp'; resolve with the response body. */
    authenticate: fromPromise<AuthOutcome, AuthRequest>(() =>
      Promise.reject(new Error('authenticate was not provided to authMachine')),
    ),
  },
  actions: {
    /** localStorage.setItem('token', token). */
    storeToken: (_, _params: { token: string }) => undefined,
    notifyError: (_, _params: { message: string }) => undefined,
    toggleMode: assign({
      mode: ({ context }) => (context.mode === 'login' ? 'signUp' : 'login'),
      fieldErrors: {},
    }),
    updateField: assign(({ context, event }) => {
      if (event.type !== 'login.fieldChanged') return {};
      const { [event.field]: _fixed, ...otherErrors } = context.fieldErrors;
      return { fields: { ...context.fields, [event.field]: event.value }, fieldErrors: otherErrors };
    }),
    acceptForm: assign(({ context }) => {
      const check = checkCredentials(context.mode, context.fields);
      return { request: check.ok ? check.request : null, fieldErrors: {} };
    }),
    showFieldErrors: assign(({ context }) => {
      const check = checkCredentials(context.mode, context.fields);
      return { fieldErrors: check.ok ? {} : check.fieldErrors };
    }),
    keepToken: assign((_, params: { token: string }) => ({ token: params.token })),
    planBusyRetry: assign(({ context }, params: { error: unknown }) => ({
      busy: nextBusyRetry(context.busy, retryAfterOf(params.error)),
    })),
    forgetBusy: assign({ busy: null }),
  },
  guards: {
    formValid: ({ context }) => checkCredentials(context.mode, context.fields).ok,
    tokenReceived: (_, params: { outcome: AuthOutcome }) => tokenOf(params.outcome) !== '',
    storeBusy: (_, params: { error: unknown }) => isStoreBusy(params.error),
    /** Busy, and another wait, counted at its longest, still fits in the total the shopper is asked to wait. */
    busyWaitLeft: ({ context }, params: { error: unknown }) =>
      isStoreBusy(params.error) &&
      nextBusyRetry(context.busy, params.error.retryAfterSeconds).waitedMs <= BUSY_WAIT_BUDGET_MS,
  },
  delays: {
    /** Between the floor and twice it, at random: a crowd told the same Retry-After spreads out. */
    busyRetryDelay: ({ context }) => busyRetryDelayMs(context.busy?.floorMs ?? 0, Math.random()),
  },
}).createMachine({
  id: 'auth',
  context: {
    mode: 'login',
    fields: { name: '', email: '', password: '' },
    fieldErrors: {},
    request: null,
    token: null,
    busy: null,
  },
  initial: 'editing',
  states: {
    editing: {
      // Whatever ended the last attempt (a refusal, giving up on a busy store), the next one starts afresh.
      entry: 'forgetBusy',
      on: {
        'login.modeToggled': { actions: 'toggleMode' },
        'login.fieldChanged': { actions: 'updateField' },
        'login.submitted': [
          { guard: 'formValid', target: 'submitting', actions: 'acceptForm' },
          // Nothing is sent; each field shows its message until it is edited.
          { actions: 'showFieldErrors' },
        ],
      },
    },
    // No events are handled here: a second submit while the first is on its way is ignored, and the form is frozen.
    submitting: {
      invoke: {
        id: 'authenticate',
        src: 'authenticate',
        input: ({ context }) => context.request!,
        onDone: [
          {
            guard: { type: 'tokenReceived', params: ({ event }) => ({ outcome: event.output }) },
            target: 'signedIn',
            actions: [
              { type: 'keepToken', params: ({ event }) => ({ token: tokenOf(event.output) }) },
              { type: 'storeToken', params: ({ event }) => ({ token: tokenOf(event.output) }) },
            ],
          },
          {
            target: 'editing',
            actions: {
              type: 'notifyError',
              params: ({ event }) => ({ message: failureMessage(event.output) }),
            },
          },
        ],
        onError: [
          {
            // The store is at capacity and says so: wait, then send the same request again.
            guard: { type: 'busyWaitLeft', params: ({ event }) => ({ error: event.error }) },
            target: 'busy',
            actions: { type: 'planBusyRetry', params: ({ event }) => ({ error: event.error }) },
          },
          {
            guard: { type: 'storeBusy', params: ({ event }) => ({ error: event.error }) },
            target: 'editing',
            actions: {
              type: 'notifyError',
              params: ({ context }) => ({ message: busyGaveUpMessage(context.mode) }),
            },
          },
          {
            target: 'editing',
            actions: { type: 'notifyError', params: ({ event }) => ({ message: errorMessage(event.error) }) },
          },
        ],
      },
    },
    // Waiting to send the same request again; the form stays frozen and says the store is busy.
    busy: {
      after: { busyRetryDelay: { target: 'submitting' } },
    },
    /** The UI goes to '/' when the actor is done. */
    signedIn: { type: 'final' },
  },
  output: ({ context }) => ({ token: context.token ?? '' }),
});

export type AuthSnapshot = SnapshotFrom<typeof authMachine>;

/** Sending, or waiting to send again: the form is frozen. */
export const selectAuthSubmitting = (snapshot: AuthSnapshot): boolean =>
  snapshot.matches('submitting') || snapshot.matches('busy');
export const selectSubmitLabel = (snapshot: AuthSnapshot): string =>
  snapshot.context.mode === 'login' ? 'Sign In' : 'Sign Up';
export const selectSubmittingLabel = (snapshot: AuthSnapshot): string =>
  snapshot.context.mode === 'login' ? 'Signing in…' : 'Signing up…';
/** A polite status line while the store is busy and the form is trying again; null otherwise. */
export const selectBusyNotice = (snapshot: AuthSnapshot): string | null =>
  selectAuthSubmitting(snapshot) && snapshot.context.busy !== null
    ? 'The store is busy right now. Still trying, please keep this page open…'
    : null;
export const selectModeToggleLabel = (snapshot: AuthSnapshot): string =>
  snapshot.context.mode === 'login' ? 'Create account' : 'Login Here';
