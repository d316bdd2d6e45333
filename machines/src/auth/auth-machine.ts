// The /login screen: email-and-password login or sign-up, which stores the API's token (spec sections 2, 4, 5).
import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import { errorMessage } from '../error-message.js';
import {
  checkCredentials,
  type AuthMode,
  type AuthRequest,
  type CredentialField,
  type CredentialFields,
} from './credentials.js';
import type { FieldErrors } from '../field-errors.js';

/** The API's auth response (spec section 3). */
export interface AuthResponse {
  success: boolean;
  token?: string;
  message?: string;
}

export interface AuthContext {
  mode: AuthMode;
  fields: CredentialFields;
  fieldErrors: FieldErrors<CredentialField>;
  /** The request being sent, once the form passed its checks. */
  request: AuthRequest | null;
  token: string | null;
}

export type AuthMachineEvent =
  | { type: 'login.modeToggled' }
  | { type: 'login.fieldChanged'; field: CredentialField; value: string }
  | { type: 'login.submitted' };

export interface AuthOutput {
  token: string;
}

const FALLBACK_FAILURE = 'Could not sign you in';

const failureMessage = (response: AuthResponse) =>
  response.message !== undefined && response.message !== '' ? response.message : FALLBACK_FAILURE;

export const authMachine = setup({
  types: {
    context: {} as AuthContext,
    events: {} as AuthMachineEvent,
    output: {} as AuthOutput,
  },
  actors: {
    /** POST /api/user/login for mode 'login', /api/user/register for 'signUp'; resolve with the response body. */
    authenticate: fromPromise<AuthResponse, AuthRequest>(() =>
      Promise.reject(new Error('authenticate was not provided to authMachine')),
    ),
  },
  actions: {
    /** localStorage.setItem('token', token). */
    storeToken: (_, _params: { token: string }) => undefined,
    /** Show an error toast. */
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
  },
  guards: {
    formValid: ({ context }) => checkCredentials(context.mode, context.fields).ok,
    tokenReceived: (_, params: { response: AuthResponse }) =>
      params.response.success && typeof params.response.token === 'string' && params.response.token !== '',
  },
}).createMachine({
  id: 'auth',
  context: { mode: 'login', fields: { name: '', email: '', password: '' }, fieldErrors: {}, request: null, token: null },
  initial: 'editing',
  states: {
    editing: {
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
            guard: { type: 'tokenReceived', params: ({ event }) => ({ response: event.output }) },
            target: 'signedIn',
            actions: [
              { type: 'keepToken', params: ({ event }) => ({ token: event.output.token ?? '' }) },
              { type: 'storeToken', params: ({ event }) => ({ token: event.output.token ?? '' }) },
            ],
          },
          {
            target: 'editing',
            actions: { type: 'notifyError', params: ({ event }) => ({ message: failureMessage(event.output) }) },
          },
        ],
        onError: {
          target: 'editing',
          actions: { type: 'notifyError', params: ({ event }) => ({ message: errorMessage(event.error) }) },
        },
      },
    },
    /** The UI goes to '/' when the actor is done. */
    signedIn: { type: 'final' },
  },
  output: ({ context }) => ({ token: context.token ?? '' }),
});

export type AuthSnapshot = SnapshotFrom<typeof authMachine>;

export const selectAuthSubmitting = (snapshot: AuthSnapshot): boolean => snapshot.matches('submitting');
/** 'Sign In' or 'Sign Up'. */
export const selectSubmitLabel = (snapshot: AuthSnapshot): string =>
  snapshot.context.mode === 'login' ? 'Sign In' : 'Sign Up';
/** The toggle's text: 'Create account' while logging in, 'Login Here' while signing up. */
export const selectModeToggleLabel = (snapshot: AuthSnapshot): string =>
  snapshot.context.mode === 'login' ? 'Create account' : 'Login Here';
