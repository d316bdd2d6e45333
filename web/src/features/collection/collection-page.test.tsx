import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { type CollectionProductsQueryVariables } from '../../graphql/generated/graphql';
import { CollectionProductsDocument } from './generated/documents';
import { cardProduct, productsPage } from '../../test/fixtures';
import { answer, fail } from '../../test/graphql-mock';
import { locationText, renderApp } from '../../test/render-app';
import { findToast } from '../../test/toasts';

const runner = cardProduct('men-run', 'Stride Pro Running Shoe', 4499);
const sandal = cardProduct('women-sandal', 'Breeze Strap Sandal', 1899);

function collectionMock(variables: CollectionProductsQueryVariables, data: ReturnType<typeof productsPage>) {
  return answer(CollectionProductsDocument, variables, data);
}

// jsdom has no modal dialogs: these do what a browser's do, as far as the filter sheet relies on them.
beforeAll(() => {
  Object.defineProperties(HTMLDialogElement.prototype, {
    open: {
      configurable: true,
      get(this: HTMLDialogElement) {
        return this.hasAttribute('open');
      },
    },
    showModal: {
      configurable: true,
      value(this: HTMLDialogElement) {
        this.setAttribute('open', '');
      },
    },
    close: {
      configurable: true,
      value(this: HTMLDialogElement) {
        if (!this.hasAttribute('open')) return;
        this.removeAttribute('open');
        this.dispatchEvent(new Event('close'));
      },
    },
  });
});

describe('collection page', () => {
  it('reads filters, sort and search from the URL and sends them as the query variables', async () => {
    renderApp('/collection?category=MEN&type=SNEAKERS&type=BOGUS&sort=PRICE_ASC&q=run', [
      collectionMock(
        { filter: { categories: ['MEN'], types: ['SNEAKERS'], search: 'run' }, sort: 'PRICE_ASC', first: 24 },
        productsPage([runner]),
      ),
    ]);

    expect(await screen.findByText('Stride Pro Running Shoe')).toBeVisible();
    expect(screen.getByText('1 product for “run”')).toBeVisible();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Men’s sneakers');
    expect(document.title).toMatch(/^Men’s sneakers \|/);
    expect(screen.getByText('ID: men-run')).toBeVisible();
    expect(screen.getByRole<HTMLInputElement>('checkbox', { name: /Men/ }).checked).toBe(true);
    expect(screen.getByRole<HTMLInputElement>('checkbox', { name: /Sneakers/ }).checked).toBe(true);
    expect(screen.getByRole<HTMLSelectElement>('combobox', { name: 'Sort products' }).value).toBe(
      'PRICE_ASC',
    );
    expect(screen.getByPlaceholderText<HTMLInputElement>('Search...').value).toBe('run');
  });

  it('shows skeleton cards while the products load', async () => {
    let answerNow: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (answerNow = resolve));
    renderApp('/collection', [
      answer(
        CollectionProductsDocument,
        { filter: {}, sort: 'RELEVANT', first: 24 },
        productsPage([runner]),
        held,
      ),
    ]);
    expect(await screen.findByRole('list', { name: 'Loading products' })).toBeVisible();
    answerNow();
    expect(await screen.findByText('Stride Pro Running Shoe')).toBeVisible();
    expect(screen.queryByRole('list', { name: 'Loading products' })).not.toBeInTheDocument();
  });

  it('ticking a checkbox writes the filter into the URL and queries with it', async () => {
    const user = userEvent.setup();
    const { container } = renderApp('/collection', [
      collectionMock({ filter: {}, sort: 'RELEVANT', first: 24 }, productsPage([runner, sandal])),
      collectionMock(
        { filter: { categories: ['WOMEN'] }, sort: 'RELEVANT', first: 24 },
        productsPage([sandal]),
      ),
    ]);
    await screen.findByText('Stride Pro Running Shoe');
    expect(screen.getByRole('checkbox', { name: /Women/ }).closest('label')?.textContent).toContain('26');

    await user.click(screen.getByRole('checkbox', { name: /Women/ }));

    expect(locationText(container)).toBe('/collection?category=WOMEN');
    expect(await screen.findByText('Breeze Strap Sandal')).toBeVisible();
    expect(screen.queryByText('Stride Pro Running Shoe')).toBeNull();
  });

  it('"In stock only" writes inStock=true into the URL and queries with it; a sold-out product is marked on its card', async () => {
    const user = userEvent.setup();
    const soldOut = cardProduct('men-sold', 'Gone Runner', 2999, { soldOut: true });
    const { container } = renderApp('/collection?category=MEN', [
      collectionMock(
        { filter: { categories: ['MEN'] }, sort: 'RELEVANT', first: 24 },
        productsPage([runner, soldOut]),
      ),
      collectionMock(
        { filter: { categories: ['MEN'], inStock: true }, sort: 'RELEVANT', first: 24 },
        productsPage([runner]),
      ),
      collectionMock(
        { filter: { categories: ['MEN'] }, sort: 'RELEVANT', first: 24 },
        productsPage([runner, soldOut]),
      ),
    ]);
    // A sold-out product is marked on its card.
    const soldOutCard = (await screen.findByText('Gone Runner')).closest('a')!;
    expect(within(soldOutCard).getByText('Sold out')).toBeVisible();
    expect(
      within(screen.getByText('Stride Pro Running Shoe').closest('a')!).queryByText('Sold out'),
    ).toBeNull();

    const inStock = screen.getByRole<HTMLInputElement>('checkbox', { name: 'In stock only' });
    expect(inStock.checked).toBe(false);
    await user.click(inStock);
    expect(locationText(container)).toBe('/collection?category=MEN&inStock=true');
    await vi.waitFor(() => expect(screen.queryByText('Gone Runner')).toBeNull());
    expect(screen.getByRole<HTMLInputElement>('checkbox', { name: 'In stock only' }).checked).toBe(true);
    // It counts as a filter on the phone's FILTERS button.
    expect(screen.getByRole('button', { name: /FILTERS/ }).textContent).toContain('2');

    await user.click(screen.getByRole('checkbox', { name: 'In stock only' }));
    expect(locationText(container)).toBe('/collection?category=MEN');
    expect(await screen.findByText('Gone Runner')).toBeVisible();
  });

  it('an empty result with filters says so and offers Clear all, which empties the filters and search but keeps the sort', async () => {
    const user = userEvent.setup();
    const { container } = renderApp('/collection?type=SLIPPERS&q=zzz&sort=PRICE_DESC', [
      collectionMock(
        { filter: { types: ['SLIPPERS'], search: 'zzz' }, sort: 'PRICE_DESC', first: 24 },
        productsPage([], { totalCount: 0 }),
      ),
      collectionMock({ filter: {}, sort: 'PRICE_DESC', first: 24 }, productsPage([runner])),
    ]);

    const empty = (
      await screen.findByRole('heading', { name: 'No shoes match these filters' })
    ).closest<HTMLElement>('[role="status"]')!;
    expect(empty.textContent).toContain('Nothing for “zzz” with these filters.');
    await user.click(within(empty).getByRole('link', { name: 'Clear all' }));

    expect(locationText(container)).toBe('/collection?sort=PRICE_DESC');
    expect(await screen.findByText('Stride Pro Running Shoe')).toBeVisible();
    expect(screen.getByPlaceholderText<HTMLInputElement>('Search...').value).toBe('');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('All collections');
  });

  it('an empty search without filters talks about the search only, and leads back to every shoe', async () => {
    const user = userEvent.setup();
    const { container } = renderApp('/collection?q=zzz', [
      collectionMock(
        { filter: { search: 'zzz' }, sort: 'RELEVANT', first: 24 },
        productsPage([], { totalCount: 0 }),
      ),
      collectionMock({ filter: {}, sort: 'RELEVANT', first: 24 }, productsPage([runner])),
    ]);

    const empty = (await screen.findByRole('heading', { name: 'No shoes match “zzz”' })).closest<HTMLElement>(
      '[role="status"]',
    )!;
    expect(empty.textContent).not.toMatch(/filter/i);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Search results');
    await user.click(within(empty).getByRole('link', { name: 'See all shoes' }));
    expect(locationText(container)).toBe('/collection');
    expect(await screen.findByText('Stride Pro Running Shoe')).toBeVisible();
  });

  it('shows a chip per active filter and search; removing one leaves the others, Clear all removes them all', async () => {
    const user = userEvent.setup();
    const { container } = renderApp('/collection?category=WOMEN&type=SANDALS&inStock=true&q=breeze', [
      collectionMock(
        {
          filter: { categories: ['WOMEN'], types: ['SANDALS'], inStock: true, search: 'breeze' },
          sort: 'RELEVANT',
          first: 24,
        },
        productsPage([sandal]),
      ),
      collectionMock(
        { filter: { types: ['SANDALS'], inStock: true, search: 'breeze' }, sort: 'RELEVANT', first: 24 },
        productsPage([sandal]),
      ),
      collectionMock({ filter: {}, sort: 'RELEVANT', first: 24 }, productsPage([runner, sandal])),
    ]);
    await screen.findByText('Breeze Strap Sandal');
    const chips = screen.getByRole('group', { name: 'Active filters' });
    expect(
      within(chips)
        .getAllByRole('link')
        .map((link) => link.getAttribute('aria-label') ?? link.textContent),
    ).toEqual([
      'Remove filter: Women',
      'Remove filter: Sandals',
      'Remove filter: In stock only',
      'Remove search: breeze',
      'Clear all',
    ]);

    await user.click(within(chips).getByRole('link', { name: 'Remove filter: Women' }));
    expect(locationText(container)).toBe('/collection?type=SANDALS&inStock=true&q=breeze');
    expect(await screen.findByRole('heading', { level: 1, name: 'Sandals' })).toBeVisible();

    await user.click(
      within(screen.getByRole('group', { name: 'Active filters' })).getByRole('link', { name: 'Clear all' }),
    );
    expect(locationText(container)).toBe('/collection');
    expect(await screen.findByText('Stride Pro Running Shoe')).toBeVisible();
    expect(screen.queryByRole('group', { name: 'Active filters' })).toBeNull();
  });

  it('Load more fetches the next page after the last cursor and appends it', async () => {
    const user = userEvent.setup();
    const firstPage = productsPage([runner], { totalCount: 2, hasNextPage: true, endCursor: 'cursor-1' });
    renderApp('/collection', [
      collectionMock({ filter: {}, sort: 'RELEVANT', first: 24 }, firstPage),
      collectionMock(
        { filter: {}, sort: 'RELEVANT', first: 24, after: 'cursor-1' },
        productsPage([sandal], { totalCount: 2 }),
      ),
    ]);
    await screen.findByText('Stride Pro Running Shoe');

    await user.click(screen.getByRole('button', { name: 'Load more' }));

    expect(await screen.findByText('Breeze Strap Sandal')).toBeVisible();
    expect(screen.getByText('Stride Pro Running Shoe')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('a failed Load more keeps the products shown, toasts the message and offers the same page again', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const user = userEvent.setup();
    const firstPage = productsPage([runner], { totalCount: 2, hasNextPage: true, endCursor: 'cursor-1' });
    const nextVariables = { filter: {}, sort: 'RELEVANT', first: 24, after: 'cursor-1' } as const;
    const { requests } = renderApp('/collection', [
      collectionMock({ filter: {}, sort: 'RELEVANT', first: 24 }, firstPage),
      fail(CollectionProductsDocument, nextVariables, 'The catalogue is busy'),
      collectionMock(nextVariables, productsPage([sandal], { totalCount: 2 })),
    ]);
    await screen.findByText('Stride Pro Running Shoe');

    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await findToast('The catalogue is busy');
    expect(screen.getByText('Stride Pro Running Shoe')).toBeVisible();

    await user.click(await screen.findByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('Breeze Strap Sandal')).toBeVisible();
    expect(screen.getByText('Stride Pro Running Shoe')).toBeVisible();
    expect(requests.filter((sent) => sent.operationName === 'CollectionProducts')).toHaveLength(3);
  });

  it('a failed first load shows the message, and Try again loads the products', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const user = userEvent.setup();
    const variables = { filter: {}, sort: 'RELEVANT', first: 24 } as const;
    renderApp('/collection', [
      fail(CollectionProductsDocument, variables, 'The catalogue is down'),
      collectionMock(variables, productsPage([runner])),
    ]);

    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('The catalogue is down')).toBeVisible();
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Stride Pro Running Shoe')).toBeVisible();
  });

  it('FILTERS opens the filters in a sheet that counts the results as boxes are ticked, and closes back to the sidebar', async () => {
    const user = userEvent.setup();
    renderApp('/collection', [
      collectionMock(
        { filter: {}, sort: 'RELEVANT', first: 24 },
        productsPage([runner, sandal], { totalCount: 2 }),
      ),
      collectionMock(
        { filter: { categories: ['WOMEN'] }, sort: 'RELEVANT', first: 24 },
        productsPage([sandal], { totalCount: 1 }),
      ),
    ]);
    await screen.findByText('Stride Pro Running Shoe');
    const toggle = screen.getByRole('button', { name: /FILTERS/ });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');

    await user.click(toggle);
    const sheet = screen.getByRole('dialog', { name: 'Filters' });
    expect(toggle.getAttribute('aria-controls')).toBe(sheet.id);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    // The checkboxes are in the sheet, and only there.
    expect(within(sheet).getByText('CATEGORIES')).toBeVisible();
    expect(screen.getAllByRole('checkbox', { name: /Women/ })).toHaveLength(1);
    expect(within(sheet).getByRole('button', { name: 'Show 2 results' })).toBeVisible();

    await user.click(within(sheet).getByRole('checkbox', { name: /Women/ }));
    expect(await within(sheet).findByRole('button', { name: 'Show 1 result' })).toBeVisible();
    expect(within(sheet).getByRole('link', { name: 'Clear filters' })).toBeVisible();

    await user.click(within(sheet).getByRole('button', { name: 'Show 1 result' }));
    expect(sheet.hasAttribute('open')).toBe(false);
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(screen.getByRole<HTMLInputElement>('checkbox', { name: /Women/ }).checked).toBe(true);
    expect(screen.getByText('Breeze Strap Sandal')).toBeVisible();
  });

  it('the nav search toggle hides and shows the search box', async () => {
    const user = userEvent.setup();
    renderApp('/collection', [
      collectionMock({ filter: {}, sort: 'RELEVANT', first: 24 }, productsPage([runner])),
    ]);
    await screen.findByText('Stride Pro Running Shoe');
    expect(screen.getByPlaceholderText('Search...')).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Hide search', pressed: true }));
    expect(screen.queryByPlaceholderText('Search...')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Show search' }));
    expect(screen.getByPlaceholderText('Search...')).toBeVisible();
  });

  it('typing a search writes q into the URL and queries with it', async () => {
    const user = userEvent.setup();
    const { container } = renderApp('/collection', [
      collectionMock({ filter: {}, sort: 'RELEVANT', first: 24 }, productsPage([runner, sandal])),
      collectionMock({ filter: { search: 'breeze' }, sort: 'RELEVANT', first: 24 }, productsPage([sandal])),
    ]);
    await screen.findByText('Stride Pro Running Shoe');

    await user.type(screen.getByPlaceholderText('Search...'), 'breeze{Enter}');

    expect(locationText(container)).toBe('/collection?q=breeze');
    expect(await screen.findByText('1 product for “breeze”')).toBeVisible();
    expect(screen.queryByText('Stride Pro Running Shoe')).toBeNull();
  });
});
