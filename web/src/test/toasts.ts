import { screen, waitFor } from '@testing-library/react';
import { expect } from 'vitest';

/**
 * A toast's text once it shows: sonner mounts a toast transparent and fades it in after its first effect, which a
 * busy machine runs after the text is already in the document.
 */
export async function findToast(text: string | RegExp): Promise<HTMLElement> {
  const element = await screen.findByText(text);
  expect(element.closest('[data-sonner-toast]'), `"${String(text)}" is not in a toast`).not.toBeNull();
  await waitFor(() => expect(element).toBeVisible());
  return element;
}
