import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, type AnyMachineSnapshot } from 'xstate';
import { PASSWORD_MIN_LENGTH } from '../../../domain/account.js';
import {
  activeStateNodeIds,
  allStateNodeIds,
  predictedSnapshot,
  transitionCoveringPaths,
} from '../test-support/model-paths.js';
import {
  authMachine,
  selectAuthSubmitting,
  selectModeToggleLabel,
  selectSubmitLabel,
  type AuthMachineEvent,
  type AuthResponse,
} from './auth-machine.js';
import type { AuthRequest } from './credentials.js';

const TOKEN = 'store-token';
const REFUSED = 'Invalid email or password';
const OFFLINE = 'Failed to fetch';

type DrivenEvent =
  | AuthMachineEvent
  | { type: 'xstate.done.actor.authenticate'; output: AuthResponse }
  | { type: 'xstate.error.actor.authenticate'; error: Error };

function startAuth() {
  const requests: AuthRequest[] = [];
  const stored: string[] = [];
  const toasts: string[] = [];
  let answer: { resolve: (response: AuthResponse) => void; reject: (error: Error) => void } | undefined;
  const actor = createActor(
    authMachine.provide({
      actors: {
        authenticate: fromPromise<AuthResponse, AuthRequest>(({ input }) => {
          requests.push(input);
          return new Promise((resolve, reject) => (answer = { resolve, reject }));
        }),
      },
      actions: {
        storeToken: (_, { token }) => stored.push(token),
        notifyError: (_, { message }) => toasts.push(message),
      },
    }),
  ).start();
  return { actor, requests, stored, toasts, answer: () => answer };
}

const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

async function drive(auth: ReturnType<typeof startAuth>, event: DrivenEvent): Promise<void> {
  if (event.type === 'xstate.done.actor.authenticate') auth.answer()?.resolve(event.output);
  else if (event.type === 'xstate.error.actor.authenticate') auth.answer()?.reject(event.error);
  else auth.actor.send(event);
  await settle();
}

/** The spec's login form, read independently: which request each valid submit sends, and what follows. */
class ExpectedLogin {
  mode: 'login' | 'signUp' = 'login';
  fields = { name: '', email: '', password: '' };
  submitting = false;
  done = false;
  requests: AuthRequest[] = [];
  toasts: string[] = [];
  stored: string[] = [];
  errorFields: string[] = [];

  private invalidFields(): string[] {
    const invalid: string[] = [];
    if (this.mode === 'signUp' && this.fields.name.trim() === '') invalid.push('name');
    if (!/^[^\s@]+@[^\s@]+\.[a-z]{2,}$/i.test(this.fields.email.trim())) invalid.push('email');
    const shortest = this.mode === 'signUp' ? PASSWORD_MIN_LENGTH : 1;
    if (this.fields.password.length < shortest) invalid.push('password');
    return invalid;
  }

  apply(event: DrivenEvent): void {
    if (this.done) return;
    if (this.submitting) {
      if (event.type === 'xstate.done.actor.authenticate') {
        this.submitting = false;
        if (event.output.success && event.output.token) {
          this.stored.push(event.output.token);
          this.done = true;
        } else this.toasts.push(event.output.message ?? '');
      } else if (event.type === 'xstate.error.actor.authenticate') {
        this.submitting = false;
        this.toasts.push(event.error.message);
      }
      return;
    }
    switch (event.type) {
      case 'login.modeToggled':
        this.mode = this.mode === 'login' ? 'signUp' : 'login';
        this.errorFields = [];
        break;
      case 'login.fieldChanged':
        this.fields[event.field] = event.value;
        this.errorFields = this.errorFields.filter((field) => field !== event.field);
        break;
      case 'login.submitted': {
        const invalid = this.invalidFields();
        this.errorFields = invalid;
        if (invalid.length > 0) break;
        const { name, email, password } = this.fields;
        this.requests.push(
          this.mode === 'login'
            ? { mode: 'login', email: email.trim().toLowerCase(), password }
            : { mode: 'signUp', name: name.trim(), email: email.trim().toLowerCase(), password },
        );
        this.submitting = true;
        break;
      }
      default:
        break;
    }
  }
}

describe('authMachine model paths', () => {
  const formEvents: AuthMachineEvent[] = [
    { type: 'login.modeToggled' },
    { type: 'login.fieldChanged', field: 'name', value: ' Asha ' },
    { type: 'login.fieldChanged', field: 'email', value: ' Asha@Example.com ' },
    { type: 'login.fieldChanged', field: 'email', value: 'asha' },
    { type: 'login.fieldChanged', field: 'password', value: 'short' },
    { type: 'login.fieldChanged', field: 'password', value: 'correct horse 1' },
    { type: 'login.submitted' },
  ];
  // A finished login takes no more events: the UI has left the page.
  const eventsIn = (snapshot: AnyMachineSnapshot): DrivenEvent[] =>
    snapshot.status === 'done'
      ? []
      : snapshot.matches('submitting')
      ? [
          ...formEvents,
          { type: 'xstate.done.actor.authenticate', output: { success: true, token: TOKEN, message: 'Signed in' } },
          { type: 'xstate.done.actor.authenticate', output: { success: false, message: REFUSED } },
          { type: 'xstate.error.actor.authenticate', error: new Error(OFFLINE) },
        ]
      : formEvents;
  const paths = transitionCoveringPaths<typeof authMachine, DrivenEvent>(authMachine, {
    events: eventsIn,
    // What the behaviour depends on: the mode, which of the offered values each field holds, and the errors shown.
    serializeState: (snapshot) => {
      const { mode, fields, fieldErrors } = (snapshot).context;
      return JSON.stringify([snapshot.value, mode, fields, Object.keys(fieldErrors).sort()]);
    },
  });

  it('reach every state node', () => {
    const reached = new Set(
      paths.flatMap((path) => activeStateNodeIds('auth', predictedSnapshot(authMachine, undefined, path.events).value)),
    );
    expect([...reached].sort()).toEqual(allStateNodeIds(authMachine).sort());
  });

  it.each(paths)('$name', async ({ events }) => {
    const auth = startAuth();
    const expected = new ExpectedLogin();
    for (const event of events) {
      await drive(auth, event);
      expected.apply(event);
    }
    const snapshot = auth.actor.getSnapshot();
    expect(snapshot.value).toEqual(predictedSnapshot(authMachine, undefined, events).value);
    expect(auth.requests).toEqual(expected.requests);
    expect(auth.stored).toEqual(expected.stored);
    expect(auth.toasts).toEqual(expected.toasts);
    expect(selectAuthSubmitting(snapshot)).toBe(expected.submitting);
    expect(snapshot.status).toBe(expected.done ? 'done' : 'active');
    if (expected.done) expect(snapshot.output).toEqual({ token: TOKEN });
    else {
      // The form is kept through a failure, with a message under each field that needs one.
      expect(snapshot.context.fields).toEqual(expected.fields);
      expect(snapshot.context.mode).toBe(expected.mode);
      expect(Object.keys(snapshot.context.fieldErrors).sort()).toEqual([...expected.errorFields].sort());
    }
    auth.actor.stop();
  });
});

describe('authMachine rules', () => {
  it('labels the button and the toggle as the spec does', () => {
    const auth = startAuth();
    expect(selectSubmitLabel(auth.actor.getSnapshot())).toBe('Sign In');
    expect(selectModeToggleLabel(auth.actor.getSnapshot())).toBe('Create account');
    auth.actor.send({ type: 'login.modeToggled' });
    expect(selectSubmitLabel(auth.actor.getSnapshot())).toBe('Sign Up');
    expect(selectModeToggleLabel(auth.actor.getSnapshot())).toBe('Login Here');
  });

  it('shows the API’s own messages under the fields', () => {
    const auth = startAuth();
    auth.actor.send({ type: 'login.modeToggled' });
    auth.actor.send({ type: 'login.fieldChanged', field: 'email', value: 'asha' });
    auth.actor.send({ type: 'login.fieldChanged', field: 'password', value: 'short' });
    auth.actor.send({ type: 'login.submitted' });
    expect(auth.actor.getSnapshot().context.fieldErrors).toEqual({
      name: 'Name is required',
      email: 'Please enter a valid email',
      password: `Please enter a strong password (at least ${PASSWORD_MIN_LENGTH} characters)`,
    });
    expect(auth.requests).toEqual([]);
  });

  it('ignores a second submit while the first is on its way', async () => {
    const auth = startAuth();
    auth.actor.send({ type: 'login.fieldChanged', field: 'email', value: 'asha@example.com' });
    auth.actor.send({ type: 'login.fieldChanged', field: 'password', value: 'x' });
    auth.actor.send({ type: 'login.submitted' });
    auth.actor.send({ type: 'login.submitted' });
    expect(auth.requests).toHaveLength(1);
    await drive(auth, { type: 'xstate.done.actor.authenticate', output: { success: true, token: TOKEN } });
    expect(auth.stored).toEqual([TOKEN]);
  });

  it('a success without a token is a failure', async () => {
    const auth = startAuth();
    auth.actor.send({ type: 'login.fieldChanged', field: 'email', value: 'asha@example.com' });
    auth.actor.send({ type: 'login.fieldChanged', field: 'password', value: 'x' });
    auth.actor.send({ type: 'login.submitted' });
    await drive(auth, { type: 'xstate.done.actor.authenticate', output: { success: true } });
    expect(auth.stored).toEqual([]);
    expect(auth.toasts).toEqual(['Could not sign you in']);
    expect(auth.actor.getSnapshot().matches('editing')).toBe(true);
  });
});
