import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, type AnyMachineSnapshot } from 'xstate';
import { PASSWORD_MIN_LENGTH } from '#domain/account';
import {
  activeStateNodeIds,
  allStateNodeIds,
  predictedSnapshot,
  transitionCoveringPaths,
} from '../test-support/model-paths.js';
import {
  authMachine,
  busyGaveUpMessage,
  selectAuthSubmitting,
  selectBusyNotice,
  selectModeToggleLabel,
  selectSubmitLabel,
  selectSubmittingLabel,
  type AuthMachineEvent,
  type AuthOutcome,
} from './auth-machine.js';
import { StoreBusyError } from '../store-errors.js';
import { busyRetryCeilingMs } from './busy-retry.js';
import type { AuthRequest } from './credentials.js';

const TOKEN = 'store-token';
const REFUSED = 'Invalid email or password';
const OFFLINE = 'Failed to fetch';
const BUSY = 'The store is busy right now. Please try again in a moment.';

type DrivenEvent =
  | AuthMachineEvent
  | { type: 'xstate.done.actor.authenticate'; output: AuthOutcome }
  | { type: 'xstate.error.actor.authenticate'; error: Error }
  | { type: 'xstate.after.busyRetryDelay.auth.busy' };

function startAuth() {
  const requests: AuthRequest[] = [];
  const stored: string[] = [];
  const toasts: string[] = [];
  let answer: { resolve: (response: AuthOutcome) => void; reject: (error: Error) => void } | undefined;
  const actor = createActor(
    authMachine.provide({
      actors: {
        authenticate: fromPromise<AuthOutcome, AuthRequest>(({ input }) => {
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
  // The retry's wait is random up to twice its floor: the clock is moved past the longest it can be.
  else if (event.type === 'xstate.after.busyRetryDelay.auth.busy')
    vi.advanceTimersByTime(busyRetryCeilingMs(auth.actor.getSnapshot().context.busy?.floorMs ?? 0));
  else auth.actor.send(event);
  await settle();
}

/** The form's rule for a busy store, read from the README: wait the store's Retry-After or 0.5 s doubling to 2 s, the
 * longer, plus up to as much again; stop once the waits, each counted at its longest, would pass 30 s. */
const busyWaitCeilingMs = (retries: number, retryAfterSeconds: number | undefined) =>
  2 * Math.max(Math.min(500 * 2 ** retries, 2000), (retryAfterSeconds ?? 0) * 1000);

/** The spec's login form, read independently: which request each valid submit sends, and what follows. */
class ExpectedLogin {
  mode: 'login' | 'signUp' = 'login';
  fields = { name: '', email: '', password: '' };
  submitting = false;
  /** Waiting to send the same request again after a busy answer. */
  waitingToRetry = false;
  busyRetries = 0;
  busyWaitedMs = 0;
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

  private lastRequest(): AuthRequest {
    return this.requests[this.requests.length - 1]!;
  }

  private forgetBusy(): void {
    this.busyRetries = 0;
    this.busyWaitedMs = 0;
  }

  apply(event: DrivenEvent): void {
    if (this.done) return;
    if (this.waitingToRetry) {
      if (event.type === 'xstate.after.busyRetryDelay.auth.busy') {
        this.waitingToRetry = false;
        this.submitting = true;
        this.requests.push(this.lastRequest());
      }
      return;
    }
    if (this.submitting) {
      if (event.type === 'xstate.error.actor.authenticate' && event.error instanceof StoreBusyError) {
        this.submitting = false;
        const wait = busyWaitCeilingMs(this.busyRetries, event.error.retryAfterSeconds);
        if (this.busyWaitedMs + wait <= 30_000) {
          this.waitingToRetry = true;
          this.busyRetries += 1;
          this.busyWaitedMs += wait;
        } else {
          this.toasts.push(busyGaveUpMessage(this.mode));
          this.forgetBusy();
        }
        return;
      }
      if (event.type === 'xstate.done.actor.authenticate') {
        this.submitting = false;
        if (event.output.status === 'signedIn' && event.output.token) {
          this.stored.push(event.output.token);
          this.done = true;
        } else {
          this.toasts.push(event.output.status === 'refused' ? event.output.message : '');
          this.forgetBusy();
        }
      } else if (event.type === 'xstate.error.actor.authenticate') {
        this.submitting = false;
        this.toasts.push(event.error.message);
        this.forgetBusy();
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
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

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
  // Busy answers whose Retry-After makes the graph short: 10 s fits the 30 s budget once (counted at 20 s), 20 s
  // never does; the backoff itself is the subject of the hand-written rules below.
  const eventsIn = (snapshot: AnyMachineSnapshot): DrivenEvent[] =>
    snapshot.status === 'done'
      ? []
      : snapshot.matches('submitting')
        ? [
            ...formEvents,
            { type: 'xstate.done.actor.authenticate', output: { status: 'signedIn', token: TOKEN } },
            { type: 'xstate.done.actor.authenticate', output: { status: 'refused', message: REFUSED } },
            { type: 'xstate.error.actor.authenticate', error: new Error(OFFLINE) },
            { type: 'xstate.error.actor.authenticate', error: new StoreBusyError(BUSY, 10) },
            { type: 'xstate.error.actor.authenticate', error: new StoreBusyError(BUSY, 20) },
          ]
        : snapshot.matches('busy')
          ? [...formEvents, { type: 'xstate.after.busyRetryDelay.auth.busy' }]
          : formEvents;
  const paths = transitionCoveringPaths<typeof authMachine, DrivenEvent>(authMachine, {
    events: eventsIn,
    // What the behaviour depends on: the mode, which of the offered values each field holds, and the errors shown.
    serializeState: (snapshot) => {
      const { mode, fields, fieldErrors, busy } = snapshot.context;
      return JSON.stringify([
        snapshot.value,
        mode,
        fields,
        Object.keys(fieldErrors).sort(),
        busy?.waitedMs ?? null,
      ]);
    },
  });

  it('reach every state node', () => {
    const reached = new Set(
      paths.flatMap((path) =>
        activeStateNodeIds('auth', predictedSnapshot(authMachine, undefined, path.events).value),
      ),
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
    expect(selectAuthSubmitting(snapshot)).toBe(expected.submitting || expected.waitingToRetry);
    expect(selectBusyNotice(snapshot) !== null).toBe(!expected.done && expected.busyRetries > 0);
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
    await drive(auth, {
      type: 'xstate.done.actor.authenticate',
      output: { status: 'signedIn', token: TOKEN },
    });
    expect(auth.stored).toEqual([TOKEN]);
  });

  it('a success without a token is a failure', async () => {
    const auth = startAuth();
    auth.actor.send({ type: 'login.fieldChanged', field: 'email', value: 'asha@example.com' });
    auth.actor.send({ type: 'login.fieldChanged', field: 'password', value: 'x' });
    auth.actor.send({ type: 'login.submitted' });
    await drive(auth, { type: 'xstate.done.actor.authenticate', output: { status: 'signedIn', token: '' } });
    expect(auth.stored).toEqual([]);
    expect(auth.toasts).toEqual(['Could not sign you in']);
    expect(auth.actor.getSnapshot().matches('editing')).toBe(true);
  });

  describe('when the store is busy', () => {
    beforeEach(() => {
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    });
    afterEach(() => {
      vi.useRealTimers();
    });

    async function submitted(mode: 'login' | 'signUp' = 'login') {
      const auth = startAuth();
      if (mode === 'signUp') {
        auth.actor.send({ type: 'login.modeToggled' });
        auth.actor.send({ type: 'login.fieldChanged', field: 'name', value: 'Asha' });
      }
      auth.actor.send({ type: 'login.fieldChanged', field: 'email', value: 'asha@example.com' });
      auth.actor.send({ type: 'login.fieldChanged', field: 'password', value: 'correct horse 1' });
      auth.actor.send({ type: 'login.submitted' });
      await settle();
      return auth;
    }

    it('sends the same request again after the store’s Retry-After plus jitter, saying it is busy meanwhile', async () => {
      const auth = await submitted();
      await drive(auth, { type: 'xstate.error.actor.authenticate', error: new StoreBusyError(BUSY, 1) });
      const waiting = auth.actor.getSnapshot();
      expect(waiting.matches('busy')).toBe(true);
      expect(selectAuthSubmitting(waiting)).toBe(true);
      expect(selectSubmittingLabel(waiting)).toBe('Signing in…');
      expect(selectBusyNotice(waiting)).toMatch(/busy/);
      expect(auth.toasts).toEqual([]);

      // Never before the store's Retry-After; always by twice it.
      vi.advanceTimersByTime(999);
      await settle();
      expect(auth.requests).toHaveLength(1);
      vi.advanceTimersByTime(1001);
      await settle();
      expect(auth.requests).toHaveLength(2);
      expect(auth.requests[1]).toEqual(auth.requests[0]);
      expect(selectBusyNotice(auth.actor.getSnapshot())).toMatch(/busy/);

      await drive(auth, {
        type: 'xstate.done.actor.authenticate',
        output: { status: 'signedIn', token: TOKEN },
      });
      expect(auth.stored).toEqual([TOKEN]);
      expect(auth.toasts).toEqual([]);
    });

    it('backs off from half a second to two, and after at most 30 s of waiting says plainly that the store is busy', async () => {
      const auth = await submitted('signUp');
      const waits: number[] = [];
      let waited = 0;
      for (;;) {
        await drive(auth, { type: 'xstate.error.actor.authenticate', error: new StoreBusyError(BUSY) });
        const snapshot = auth.actor.getSnapshot();
        if (!snapshot.matches('busy')) break;
        const floor = snapshot.context.busy!.floorMs;
        waits.push(floor);
        // The retry comes between the floor and twice it.
        const sent = auth.requests.length;
        vi.advanceTimersByTime(floor - 1);
        await settle();
        expect(auth.requests).toHaveLength(sent);
        vi.advanceTimersByTime(floor + 1);
        await settle();
        expect(auth.requests).toHaveLength(sent + 1);
        waited += 2 * floor;
      }
      // Counted at their longest: 1 + 2 + 6 × 4 = 27 s; a seventh 4 s wait would pass 30 s.
      expect(waits).toEqual([500, 1000, 2000, 2000, 2000, 2000, 2000, 2000]);
      expect(waited).toBeLessThanOrEqual(30_000);
      expect(auth.requests).toHaveLength(waits.length + 1);
      expect(auth.toasts).toEqual([
        'The store is too busy to create your account right now. Please try again in a few minutes.',
      ]);
      const after = auth.actor.getSnapshot();
      expect(after.matches('editing')).toBe(true);
      expect(selectBusyNotice(after)).toBeNull();
      expect(after.context.fields.email).toBe('asha@example.com');

      // The next submit starts with the whole wait again.
      auth.actor.send({ type: 'login.submitted' });
      await drive(auth, { type: 'xstate.error.actor.authenticate', error: new StoreBusyError(BUSY) });
      expect(auth.actor.getSnapshot().context.busy).toEqual({ retries: 1, floorMs: 500, waitedMs: 1000 });
    });

    it('gives up at once when the store asks for a wait longer than the form waits in all', async () => {
      const auth = await submitted();
      await drive(auth, { type: 'xstate.error.actor.authenticate', error: new StoreBusyError(BUSY, 120) });
      expect(auth.actor.getSnapshot().matches('editing')).toBe(true);
      expect(auth.toasts).toEqual([busyGaveUpMessage('login')]);
      expect(auth.requests).toHaveLength(1);
    });

    it('spreads a crowd told the same Retry-After over the second after it', async () => {
      const crowd = await Promise.all(Array.from({ length: 40 }, () => submitted()));
      for (const auth of crowd)
        await drive(auth, { type: 'xstate.error.actor.authenticate', error: new StoreBusyError(BUSY, 1) });
      const retriedAt = crowd.map((): number | undefined => undefined);
      for (let elapsed = 100; elapsed <= 2_000; elapsed += 100) {
        vi.advanceTimersByTime(100);
        await settle();
        crowd.forEach((auth, index) => {
          if (auth.requests.length === 2) retriedAt[index] ??= elapsed;
        });
      }
      const times = retriedAt.filter((at) => at !== undefined);
      expect(times).toHaveLength(40);
      expect(Math.min(...times)).toBeGreaterThanOrEqual(1_000);
      expect(Math.max(...times)).toBeLessThanOrEqual(2_000);
      // Forty shoppers land in at least five different tenths of that second, not all at once.
      expect(new Set(times).size).toBeGreaterThanOrEqual(5);
    });
  });
});
