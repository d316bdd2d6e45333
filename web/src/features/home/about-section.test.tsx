import { render, screen } from '@testing-library/react';
import { afterEach, expect, it } from 'vitest';
import { AboutSection } from './about-section';

const errors: unknown[] = [];
const collect = (event: ErrorEvent) => {
  errors.push(event.error);
  event.preventDefault();
};

afterEach(() => {
  window.removeEventListener('error', collect);
  errors.length = 0;
});

it('renders its picture where the browser has no matchMedia (jsdom, old browsers), and throws nothing', async () => {
  expect(typeof window.matchMedia).not.toBe('function');
  window.addEventListener('error', collect);
  render(<AboutSection />);
  expect(
    await screen.findByAltText('A cognac brogue derby in polished leather, seen from the side'),
  ).toBeInTheDocument();
  // The effect that sets up the growing picture has run by the next task.
  await new Promise((resolve) => setTimeout(resolve, 0));
  expect(errors).toEqual([]);
});
