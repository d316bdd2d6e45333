import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render-app';
import { Hero } from './hero';

function activeVideoSource(container: HTMLElement): string | undefined {
  return container.querySelector('[data-active="true"] video source')?.getAttribute('src') ?? undefined;
}

const matchMediaDescriptor = Object.getOwnPropertyDescriptor(window, 'matchMedia');

/** A screen on which exactly these media queries match (jsdom has no matchMedia: the hero then assumes less motion). */
function screenMatching(...queries: string[]): void {
  Object.defineProperty(window, 'matchMedia', {
    configurable: true,
    value: (query: string) => ({
      matches: queries.includes(query),
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    }),
  });
}

/** The hero once the page has settled (use-page-settled.ts): every layer's poster, and the loops if wanted. */
async function renderHero(): Promise<HTMLElement> {
  const { container } = renderWithProviders(<Hero />);
  await waitFor(() => expect(container.querySelectorAll('[data-active] img')).toHaveLength(4));
  return container;
}

const appMark = document.documentElement.dataset.app;

afterEach(() => {
  if (appMark === undefined) delete document.documentElement.dataset.app;
  else document.documentElement.dataset.app = appMark;
  if (matchMediaDescriptor) Object.defineProperty(window, 'matchMedia', matchMediaDescriptor);
  else Reflect.deleteProperty(window, 'matchMedia');
});

describe('hero', () => {
  // A landscape screen whose shopper has not asked for less motion.
  beforeEach(() => screenMatching());

  it('makes no loop, and shows only the first poster, until the page has loaded, hydrated and been idle', async () => {
    // The first page of a visit (another file's may have marked the document live).
    delete document.documentElement.dataset.app;
    const { container } = renderWithProviders(<Hero />);
    expect(container.querySelectorAll('video')).toHaveLength(0);
    expect(container.querySelectorAll('[data-active] img')).toHaveLength(1);
    expect(screen.queryByTestId('hero-loading')).not.toBeNull();
    await waitFor(() => expect(container.querySelectorAll('video')).toHaveLength(5));
  });

  it('draws the preview with its poster and its loop apart, without a warning from React', async () => {
    const errors = vi.spyOn(console, 'error');
    const container = await renderHero();
    await waitFor(() => expect(container.querySelector('button video')).not.toBeNull());
    expect(container.querySelector('button img')).not.toBeNull();
    expect(errors).not.toHaveBeenCalled();
  });

  it('shows the loading state until 4 videos have reported loadeddata', async () => {
    const container = await renderHero();
    const videos = container.querySelectorAll('[data-active] video');
    expect(videos).toHaveLength(4);

    for (const video of [...videos].slice(0, 3)) fireEvent(video, new Event('loadeddata'));
    expect(screen.queryByTestId('hero-loading')).not.toBeNull();

    fireEvent(videos[3]!, new Event('loadeddata'));
    expect(screen.queryByTestId('hero-loading')).toBeNull();
  });

  it('makes its five loops outside React, which would run its event system for each of their media events', async () => {
    const container = await renderHero();
    const videos = [...container.querySelectorAll('video')];
    expect(videos).toHaveLength(5);
    // React marks the elements it makes (their fiber, props and the media events it listens to).
    for (const video of videos)
      expect(Object.keys(video).filter((key) => key.startsWith('__react'))).toEqual([]);
    for (const video of videos) expect(video.muted && video.loop && video.playsInline).toBe(true);
  });

  it('stops showing the loading state when a video has no source it can play', async () => {
    const container = await renderHero();
    expect(screen.queryByTestId('hero-loading')).not.toBeNull();
    const lastSource = container.querySelector('[data-active="true"] video source[type="video/mp4"]');
    fireEvent(lastSource!, new Event('error'));
    expect(screen.queryByTestId('hero-loading')).toBeNull();
  });

  it('each preview click advances the video 1 → 2 → 3 → 4 → 1', async () => {
    const user = userEvent.setup();
    const container = await renderHero();
    expect(activeVideoSource(container)).toBe('/videos/hero-1.webm');

    for (const expected of [2, 3, 4, 1]) {
      await user.click(screen.getByRole('button', { name: /^Show video \d of 4$/ }));
      expect(activeVideoSource(container)).toBe(`/videos/hero-${expected}.webm`);
    }
  });

  it('the preview offers the next video, and the videos carry no sound and can be paused', async () => {
    const user = userEvent.setup();
    const container = await renderHero();
    expect(screen.getByRole('button', { name: 'Show video 2 of 4' })).toBeVisible();
    for (const video of container.querySelectorAll('video')) expect(video.muted).toBe(true);

    await user.click(screen.getByRole('button', { name: 'Pause background video' }));
    expect(screen.getByRole('button', { name: 'Play background video' })).toBeVisible();
  });

  it('with less motion asked for, shows the posters and fetches no video until Play is pressed', async () => {
    screenMatching('(prefers-reduced-motion: reduce)');
    const user = userEvent.setup();
    const container = await renderHero();
    expect(container.querySelectorAll('video source')).toHaveLength(0);
    expect(screen.queryByTestId('hero-loading')).toBeNull();
    expect(container.querySelector('[data-active="true"] img')).not.toBeNull();

    await user.click(screen.getByRole('button', { name: 'Play background video' }));
    expect(activeVideoSource(container)).toBe('/videos/hero-1.webm');
    expect(screen.queryByTestId('hero-loading')).not.toBeNull();
    expect(screen.getByRole('button', { name: 'Pause background video' })).toBeVisible();
  });

  describe('on a screen taller than wide', () => {
    it('plays the portrait cut of every loop, and the preview offers the next one in that cut', async () => {
      screenMatching('(orientation: portrait)');
      const container = await renderHero();
      expect(activeVideoSource(container)).toBe('/videos/portrait/hero-1.webm');
      const sources = [...container.querySelectorAll('video source')].map((source) =>
        source.getAttribute('src'),
      );
      expect(sources.length).toBeGreaterThan(0);
      expect(sources.filter((src) => !src?.startsWith('/videos/portrait/'))).toEqual([]);
      expect(container.querySelector('button video source')?.getAttribute('src')).toBe(
        '/videos/portrait/hero-2.webm',
      );
    });
  });

  it('shows the store name in capitals and the tagline', () => {
    renderWithProviders(<Hero />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('KADAM');
    expect(
      screen.getByText('Footwear designed for everyday elegance — because less is always more.'),
    ).toBeVisible();
  });
});
