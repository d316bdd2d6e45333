import { assign, setup, type SnapshotFrom } from 'xstate';

/** The hero cycles through hero-1 … hero-4 (spec section 4). */
export const HERO_VIDEO_COUNT = 4;

/** 1-based, as in the video file names. */
export type HeroIndex = 1 | 2 | 3 | 4;

export function nextHeroIndex(index: HeroIndex): HeroIndex {
  return ((index % HERO_VIDEO_COUNT) + 1) as HeroIndex;
}

export function previousHeroIndex(index: HeroIndex): HeroIndex {
  return (((index + HERO_VIDEO_COUNT - 2) % HERO_VIDEO_COUNT) + 1) as HeroIndex;
}

export interface HeroContext {
  index: HeroIndex;
  /** video-loaded events counted so far; stops at HERO_VIDEO_COUNT once loading is over. */
  loaded: number;
  /** The shopper has clicked the preview at least once (the web animates the swap only then). */
  clicked: boolean;
}

/**
 * How long the hero waits for its videos before it stops showing that it loads: a browser that does not preload
 * video (data saver, low power mode) may never report them, and the posters are worth showing as they are.
 */
export const HERO_LOADING_TIMEOUT_MS = 8000;

export type HeroEvent =
  { type: 'hero.videoLoaded' } | { type: 'hero.videoFailed' } | { type: 'hero.previewClicked' };

export const heroMachine = setup({
  types: {
    context: {} as HeroContext,
    events: {} as HeroEvent,
  },
  actions: {
    countLoadedVideo: assign({ loaded: ({ context }) => context.loaded + 1 }),
    showNextVideo: assign({ index: ({ context }) => nextHeroIndex(context.index), clicked: true }),
  },
  guards: {
    // The spec counts events, not distinct videos: a video reporting twice counts twice.
    allVideosLoaded: ({ context }) => context.loaded >= HERO_VIDEO_COUNT,
  },
  delays: {
    loadingTimeout: HERO_LOADING_TIMEOUT_MS,
  },
}).createMachine({
  id: 'hero',
  context: { index: 1, loaded: 0, clicked: false },
  on: {
    'hero.previewClicked': { actions: 'showNextVideo' },
  },
  initial: 'loading',
  states: {
    loading: {
      always: { guard: 'allVideosLoaded', target: 'ready' },
      on: {
        'hero.videoLoaded': { actions: 'countLoadedVideo' },
        // A video that cannot load never will: the loading state ends, and its poster stays.
        'hero.videoFailed': { target: 'ready' },
      },
      after: { loadingTimeout: { target: 'ready' } },
    },
    // Later loads and failures (each click swaps in another video) no longer matter.
    ready: {},
  },
});

export type HeroSnapshot = SnapshotFrom<typeof heroMachine>;

export const selectHeroLoading = (snapshot: HeroSnapshot): boolean => snapshot.matches('loading');
