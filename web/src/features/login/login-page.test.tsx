import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { LoginDocument, RegisterDocument } from './generated/documents';
import { serverCartAnswer, viewerAnswer } from '../../test/cart-fixtures';
import { answer, fail } from '../../test/graphql-mock';
import { locationText, renderApp } from '../../test/render-app';
import { getSessionToken, SESSION_STORAGE_KEY, setSessionToken } from '../../shared/session/session-store';
import { findToast } from '../../test/toasts';

const tokenAnswer = (token: string) => ({
  __typename: 'AuthPayload' as const,
  token,
  message: 'Welcome back',
});
// Signing in fetches the account's cart and the nav asks who is signed in.
const afterSignIn = [serverCartAnswer([]), viewerAnswer];
const BUSY = 'The store is busy right now. Please try again in a moment.';

describe('login page', () => {
  it('toggles between Login and Sign Up; only Sign Up asks for a name', async () => {
    const user = userEvent.setup();
    renderApp('/login');

    expect(await screen.findByRole('heading', { level: 1, name: 'Login' })).toBeVisible();
    expect(screen.queryByLabelText('Name')).toBeNull();
    expect(screen.getByLabelText('Email').getAttribute('type')).toBe('email');
    expect(screen.getByLabelText('Password').getAttribute('type')).toBe('password');
    expect(screen.getByText('Forgot your password?').tagName).toBe('P');
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(screen.getByRole('heading', { level: 1, name: 'Sign Up' })).toBeVisible();
    expect(screen.getByLabelText('Name')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Sign Up' })).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Login Here' }));
    expect(screen.getByRole('heading', { level: 1, name: 'Login' })).toBeVisible();
    expect(screen.queryByLabelText('Name')).toBeNull();
  });

  it('an incomplete form shows each field’s message inline, focuses the first and sends nothing', async () => {
    const user = userEvent.setup();
    const { requests } = renderApp('/login');

    await user.click(await screen.findByRole('button', { name: 'Create account' }));
    await user.type(screen.getByLabelText('Email'), 'asha@');
    await user.type(screen.getByLabelText('Password'), 'short');
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));

    expect(screen.getByText('Name is required')).toBeVisible();
    expect(screen.getByText('Please enter a valid email')).toBeVisible();
    expect(screen.getByText(/at least 8 characters/)).toBeVisible();
    const name = screen.getByLabelText('Name');
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(name);
    // Editing a field clears its message.
    await user.type(name, 'Asha');
    expect(screen.queryByText('Name is required')).toBeNull();
    expect(requests.filter((sent) => sent.operationName === 'Register')).toHaveLength(0);
  });

  it('a successful login stores the token and goes to /', async () => {
    const user = userEvent.setup();
    const { container } = renderApp('/login', [
      answer(
        LoginDocument,
        { input: { email: 'asha@example.com', password: 'secret-pass' } },
        { login: tokenAnswer('tok-1') },
      ),
      ...afterSignIn,
    ]);

    await user.type(await screen.findByLabelText('Email'), ' Asha@Example.com ');
    await user.type(screen.getByLabelText('Password'), 'secret-pass');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));

    await waitFor(() => expect(locationText(container)).toBe('/'));
    expect(getSessionToken()).toBe('tok-1');
    expect(window.localStorage.getItem(SESSION_STORAGE_KEY)).toBe('tok-1');
  });

  it('signing up returns to the page the shopper came from (?next=), only on this site', async () => {
    const user = userEvent.setup();
    const { container } = renderApp('/login?next=%2Forders', [
      answer(
        RegisterDocument,
        { input: { name: 'Asha', email: 'asha@example.com', password: 'secret-pass' } },
        { register: tokenAnswer('tok-2') },
      ),
      ...afterSignIn,
    ]);

    await user.click(await screen.findByRole('button', { name: 'Create account' }));
    await user.type(screen.getByLabelText('Name'), 'Asha');
    await user.type(screen.getByLabelText('Email'), 'asha@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret-pass');
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));

    await waitFor(() => expect(locationText(container)).toBe('/orders'));
    expect(getSessionToken()).toBe('tok-2');
  });

  it('a refused login shows the server’s message in a toast and keeps the form', async () => {
    const user = userEvent.setup();
    const { container } = renderApp('/login', [
      fail(
        LoginDocument,
        { input: { email: 'asha@example.com', password: 'wrong-pass' } },
        'Invalid email or password',
        'UNAUTHENTICATED',
      ),
    ]);

    await user.type(await screen.findByLabelText('Email'), 'asha@example.com');
    await user.type(screen.getByLabelText('Password'), 'wrong-pass');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));

    await findToast('Invalid email or password');
    expect(getSessionToken()).toBeNull();
    expect(locationText(container)).toBe('/login');
    expect(screen.getByLabelText<HTMLInputElement>('Email').value).toBe('asha@example.com');
  });

  it('a busy store: the form says so politely, keeps “Signing in…” and tries again by itself, with no error toast', async () => {
    const user = userEvent.setup();
    const credentials = { input: { email: 'asha@example.com', password: 'secret-pass' } };
    let release: () => void = () => undefined;
    const retried = new Promise<void>((resolve) => (release = resolve));
    const { container, requests } = renderApp('/login', [
      // No Retry-After: the form's own backoff (half a second, plus up to as much again).
      fail(LoginDocument, credentials, BUSY, 'STORE_BUSY'),
      answer(LoginDocument, credentials, { login: tokenAnswer('tok-busy') }, retried),
      ...afterSignIn,
    ]);

    await user.type(await screen.findByLabelText('Email'), 'asha@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret-pass');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));

    const status = within(container.querySelector('form')!).getByRole('status');
    await waitFor(() => expect(status.textContent).toMatch(/busy right now\. Still trying/));
    const button = screen.getByRole('button', { name: 'Signing in…' });
    expect(button.getAttribute('aria-disabled')).toBe('true');
    expect(screen.getByLabelText<HTMLInputElement>('Email').readOnly).toBe(true);
    // The retry goes out by itself; until it is answered the shopper still sees the busy line, never a toast.
    await waitFor(() => expect(requests.filter((sent) => sent.operationName === 'Login')).toHaveLength(2));
    expect(status.textContent).toMatch(/busy/);
    expect(screen.queryByText(BUSY)).toBeNull();

    release();
    await waitFor(() => expect(locationText(container)).toBe('/'));
    expect(getSessionToken()).toBe('tok-busy');
  });

  it('a store busy for longer than the form waits: says so plainly in a toast and gives the form back', async () => {
    const user = userEvent.setup();
    const credentials = { input: { name: 'Asha', email: 'asha@example.com', password: 'secret-pass' } };
    const { container } = renderApp('/login', [
      fail(RegisterDocument, credentials, BUSY, 'STORE_BUSY', { retryAfterSeconds: 120 }),
    ]);

    await user.click(await screen.findByRole('button', { name: 'Create account' }));
    await user.type(screen.getByLabelText('Name'), 'Asha');
    await user.type(screen.getByLabelText('Email'), 'asha@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret-pass');
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));

    expect(
      await screen.findByText(
        'The store is too busy to create your account right now. Please try again in a few minutes.',
      ),
    ).toBeVisible();
    expect(screen.getByRole('button', { name: 'Sign Up' }).getAttribute('aria-disabled')).toBe('false');
    expect(within(container.querySelector('form')!).getByRole('status').textContent).toBe('');
    expect(locationText(container)).toBe('/login');
  });

  it('a signed-in shopper is sent on to /', async () => {
    setSessionToken('tok-3');
    const { container } = renderApp('/login', afterSignIn);
    await waitFor(() => expect(locationText(container)).toBe('/'));
  });
});
