import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { setSessionToken } from '../shared/session/session-store';
import { NavViewerDocument } from './nav/generated/documents';
import { answer } from '../test/graphql-mock';
import { locationText, renderApp } from '../test/render-app';

describe('app shell', () => {
  it('an unknown route shows the not-found page', async () => {
    renderApp('/no/such/page');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeVisible();
    // The title is set in an effect, which may run just after the heading is in the document.
    await waitFor(() => expect(document.title).toContain('Page not found'));
  });

  it.each([
    ['/cart', 'Your cart'],
    ['/login', 'Login'],
    ['/orders', 'My orders'],
  ])('%s has its own page', async (url, heading) => {
    renderApp(url);
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeVisible();
  });

  it('the nav links HOME and COLLECTION and shows the cart count linking to /cart', () => {
    renderApp('/cart');
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'HOME' }).getAttribute('href')).toBe('/');
    expect(within(nav).getByRole('link', { name: 'COLLECTION' }).getAttribute('href')).toBe('/collection');
    const cart = within(nav).getByRole('link', { name: 'Cart, 0 items' });
    expect(cart.getAttribute('href')).toBe('/cart');
    expect(cart.textContent).toBe('0');
  });

  it('the nav hides while scrolling down and shows again when scrolling up or at the top', async () => {
    renderApp('/cart');
    const header = screen.getByRole('banner');
    const scrollTo = (y: number) =>
      act(() => {
        Object.defineProperty(window, 'scrollY', { configurable: true, value: y });
        window.dispatchEvent(new Event('scroll'));
      });

    scrollTo(400);
    await waitFor(() => expect(header.getAttribute('data-hidden')).toBe('true'));
    scrollTo(250);
    await waitFor(() => expect(header.getAttribute('data-hidden')).toBe('false'));
    scrollTo(600);
    await waitFor(() => expect(header.getAttribute('data-hidden')).toBe('true'));
    scrollTo(0);
    await waitFor(() => expect(header.getAttribute('data-hidden')).toBe('false'));
  });

  it('offers the search toggle only on collection routes', async () => {
    renderApp('/cart');
    await screen.findByRole('heading', { name: 'Your cart' });
    expect(screen.queryByRole('button', { name: /search/i })).toBeNull();
  });

  it('the hamburger menu opens, closes on Escape and closes after navigating', async () => {
    const user = userEvent.setup();
    const { container } = renderApp('/cart');
    const menuButton = screen.getByRole('button', { name: 'Menu' });
    const menu = document.getElementById(menuButton.getAttribute('aria-controls') ?? '')!;
    expect(menuButton.getAttribute('aria-expanded')).toBe('false');
    expect(menu.hidden).toBe(true);

    await user.click(menuButton);
    expect(menuButton.getAttribute('aria-expanded')).toBe('true');
    expect(menu.hidden).toBe(false);
    await user.keyboard('{Escape}');
    expect(menuButton.getAttribute('aria-expanded')).toBe('false');

    await user.click(menuButton);
    await user.click(within(menu).getByRole('link', { name: 'COLLECTION' }));
    expect(locationText(container)).toBe('/collection');
    expect(menuButton.getAttribute('aria-expanded')).toBe('false');
  });

  it('signed out, the sign-in control links to /login; signed in, Sign out clears the session and goes home', async () => {
    const user = userEvent.setup();
    const first = renderApp('/cart');
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/login');
    first.unmount();

    setSessionToken('token-123');
    const { container, requests } = renderApp('/cart', [
      answer(NavViewerDocument, {}, { me: { __typename: 'User', id: 'u1', name: 'Asha' } }),
    ]);
    await user.click(await screen.findByRole('button', { name: 'Account menu for Asha' }));
    expect(requests[0]?.authorization).toBe('Bearer token-123');
    await user.click(screen.getByRole('button', { name: 'Sign out' }));
    expect(window.localStorage.getItem('kadam.session.token')).toBeNull();
    expect(locationText(container)).toBe('/');
    expect(screen.getByRole('link', { name: 'Sign in' })).toBeVisible();
  });
});
