import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ProductDetailDocument } from './generated/documents';
import { cardProduct, stockOf } from '../../test/fixtures';
import { answer } from '../../test/graphql-mock';
import { locationText, renderApp } from '../../test/render-app';
import { PRODUCT_NOTES } from './product-page';
import { findToast } from '../../test/toasts';

const product = {
  __typename: 'Product' as const,
  id: 'men-run',
  name: 'Stride Pro Running Shoe',
  description: 'A lightweight engineered-mesh runner.',
  price: 4499,
  images: ['/images/a-side.svg', '/images/a-top.svg', '/images/a-detail.svg'],
  imagePlaceholder: null,
  sizes: ['UK 7', 'UK 8', 'UK 9'],
  stock: stockOf(['UK 7', 'UK 8', 'UK 9']),
  soldOut: false,
  category: 'MEN' as const,
  type: 'SPORTS_SHOES' as const,
  related: [1, 2, 3, 4, 5].map((n) => cardProduct(`related-${n}`, `Related Runner ${n}`, 3000 + n)),
};

const found = answer(ProductDetailDocument, { id: 'men-run', relatedLimit: 5 }, { product });

describe('product page', () => {
  it('shows the name, price, sizes, the three notes and up to 5 related products', async () => {
    renderApp('/product/men-run', [found]);

    expect(await screen.findByRole('heading', { level: 1, name: 'Stride Pro Running Shoe' })).toBeVisible();
    expect(screen.getByText('₹4,499')).toBeVisible();
    for (const size of product.sizes) expect(screen.getByRole('button', { name: size })).toBeVisible();
    for (const note of PRODUCT_NOTES) expect(screen.getByText(note)).toBeVisible();
    const related = screen.getByRole('region', { name: 'Related products' });
    expect(within(related).getAllByRole('link')).toHaveLength(5);
    expect(document.title).toContain('Stride Pro Running Shoe');
  });

  it('refuses ADD TO CART without a size with "Select product size!"', async () => {
    const user = userEvent.setup();
    renderApp('/product/men-run', [found]);

    await user.click(await screen.findByRole('button', { name: 'ADD TO CART' }));
    // In the toast, and beside the sizes, tied to their group.
    await waitFor(() => expect(screen.getAllByText('Select product size!')).toHaveLength(2));
    const sizes = screen.getByRole('group', { name: 'Select size' });
    const inline = document.getElementById(sizes.getAttribute('aria-describedby') ?? '');
    expect(inline?.textContent).toBe('Select product size!');
    expect(inline?.getAttribute('role')).toBe('alert');
    expect(sizes.contains(inline)).toBe(true);
    expect(screen.queryByText('Added to cart')).toBeNull();
    expect(screen.getByRole('link', { name: 'Cart, 0 items' })).toBeVisible();

    // Picking a size takes the inline message back.
    await user.click(within(sizes).getByRole('button', { name: 'UK 8' }));
    expect(sizes.getAttribute('aria-describedby')).toBeNull();
    expect(within(sizes).queryByText('Select product size!')).toBeNull();
  });

  it('"Added to cart" offers View cart, which opens the cart in the app', async () => {
    const user = userEvent.setup();
    const { container } = renderApp('/product/men-run', [found]);

    await user.click(await screen.findByRole('button', { name: 'UK 8' }));
    await user.click(screen.getByRole('button', { name: 'ADD TO CART' }));
    // A plain click: sonner captures the pointer on pointerdown, which jsdom cannot do.
    fireEvent.click(await screen.findByRole('button', { name: 'View cart' }));
    await waitFor(() => expect(locationText(container)).toBe('/cart'));
    // The action closes its toast.
    await waitFor(() => expect(screen.queryByText('Added to cart')).toBeNull());
  });

  it('highlights the chosen size and adds it to the cart', async () => {
    const user = userEvent.setup();
    renderApp('/product/men-run', [found]);

    const size = await screen.findByRole('button', { name: 'UK 8' });
    await user.click(size);
    expect(size.getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByRole('button', { name: 'UK 7' }).getAttribute('aria-pressed')).toBe('false');

    await user.click(screen.getByRole('button', { name: 'ADD TO CART' }));
    await findToast('Added to cart');
    expect(screen.getByRole('link', { name: 'Cart, 1 item' }).textContent).toBe('1');

    await user.click(screen.getByRole('button', { name: 'ADD TO CART' }));
    expect(screen.getByRole('link', { name: 'Cart, 2 items' })).toBeVisible();
  });

  it('switches the main image when a thumbnail is clicked', async () => {
    const user = userEvent.setup();
    renderApp('/product/men-run', [found]);

    const main = await screen.findByRole('img', { name: 'Stride Pro Running Shoe' });
    expect(main.getAttribute('src')).toContain(`url=${encodeURIComponent('/images/a-side.svg')}&`);
    await user.click(screen.getByRole('button', { name: 'Show image 3 of 3' }));
    expect(main.getAttribute('src')).toContain(`url=${encodeURIComponent('/images/a-detail.svg')}&`);
  });

  it('a sold-out size is struck through and cannot be chosen; a size with few pairs left says how many', async () => {
    const user = userEvent.setup();
    const lowOnStock = { ...product, stock: stockOf(product.sizes, { 'UK 8': 2, 'UK 9': 0 }) };
    renderApp('/product/men-run', [
      answer(ProductDetailDocument, { id: 'men-run', relatedLimit: 5 }, { product: lowOnStock }),
    ]);

    const soldOut = await screen.findByRole<HTMLButtonElement>('button', { name: 'UK 9, sold out' });
    expect(soldOut.disabled).toBe(true);
    await user.click(soldOut);
    expect(soldOut.getAttribute('aria-pressed')).toBeNull();
    // ADD TO CART has no size to add.
    await user.click(screen.getByRole('button', { name: 'ADD TO CART' }));
    expect(screen.getByRole('link', { name: 'Cart, 0 items' })).toBeVisible();

    expect(screen.queryByText(/Only \d+ left/)).toBeNull();
    await user.click(screen.getByRole('button', { name: 'UK 8' }));
    expect(screen.getByText('Only 2 left')).toBeVisible();
    // A size with more pairs says nothing.
    await user.click(screen.getByRole('button', { name: 'UK 7' }));
    expect(screen.queryByText(/Only \d+ left/)).toBeNull();
    await user.click(screen.getByRole('button', { name: 'ADD TO CART' }));
    expect(screen.getByRole('link', { name: 'Cart, 1 item' })).toBeVisible();
  });

  it('a sold-out product says so, and its ADD TO CART is disabled with the reason', async () => {
    const user = userEvent.setup();
    const soldOut = {
      ...product,
      stock: stockOf(product.sizes, { 'UK 7': 0, 'UK 8': 0, 'UK 9': 0 }),
      soldOut: true,
    };
    renderApp('/product/men-run', [
      answer(ProductDetailDocument, { id: 'men-run', relatedLimit: 5 }, { product: soldOut }),
    ]);

    const add = await screen.findByRole<HTMLButtonElement>('button', { name: 'ADD TO CART' });
    expect(add.disabled).toBe(true);
    expect(add).toHaveAttribute('aria-describedby');
    expect(document.getElementById(add.getAttribute('aria-describedby')!)?.textContent).toBe(
      'Every size of this shoe is sold out.',
    );
    expect(within(screen.getByRole('article')).getByText('Sold out')).toBeVisible();
    for (const size of product.sizes)
      expect(screen.getByRole<HTMLButtonElement>('button', { name: `${size}, sold out` }).disabled).toBe(
        true,
      );
    await user.click(add);
    expect(screen.getByRole('link', { name: 'Cart, 0 items' })).toBeVisible();
  });

  it('a sold-out related product is marked on its card', async () => {
    const related = [
      cardProduct('related-1', 'Related Runner 1', 3001, { soldOut: true }),
      cardProduct('related-2', 'Related Runner 2', 3002),
    ];
    renderApp('/product/men-run', [
      answer(ProductDetailDocument, { id: 'men-run', relatedLimit: 5 }, { product: { ...product, related } }),
    ]);

    const region = await screen.findByRole('region', { name: 'Related products' });
    const [first, second] = within(region).getAllByRole('link');
    expect(within(first!).getByText('Sold out')).toBeVisible();
    expect(first!.textContent).toContain('Related Runner 1');
    expect(within(second!).queryByText('Sold out')).toBeNull();
  });

  it('an unknown id shows "Product not found" with a link back to the collection', async () => {
    renderApp('/product/no-such-shoe', [
      answer(ProductDetailDocument, { id: 'no-such-shoe', relatedLimit: 5 }, { product: null }),
    ]);

    expect(await screen.findByRole('heading', { name: 'Product not found' })).toBeVisible();
    const main = screen.getByRole('main');
    expect(within(main).getByRole('link', { name: 'Browse the collection' }).getAttribute('href')).toBe(
      '/collection',
    );
  });
});
