import { createActor } from 'xstate';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  activeStateNodeIds,
  allStateNodeIds,
  predictedSnapshot,
  transitionCoveringPaths,
} from '../test-support/model-paths.js';
import {
  HERO_LOADING_TIMEOUT_MS,
  HERO_VIDEO_COUNT,
  heroMachine,
  nextHeroIndex,
  previousHeroIndex,
  selectHeroLoading,
} from './hero-machine.js';
import type { HeroEvent, HeroIndex } from './hero-machine.js';

describe('hero index helpers', () => {
  it('next cycles 1 → 2 → 3 → 4 → 1', () => {
    expect([1, 2, 3, 4].map((i) => nextHeroIndex(i as HeroIndex))).toEqual([2, 3, 4, 1]);
  });

  it('previous cycles 1 → 4 → 3 → 2 → 1', () => {
    expect([1, 2, 3, 4].map((i) => previousHeroIndex(i as HeroIndex))).toEqual([4, 1, 2, 3]);
  });
});

describe('heroMachine', () => {
  it('starts on video 1, loading, not clicked', () => {
    const actor = createActor(heroMachine).start();
    expect(actor.getSnapshot().context).toEqual({ index: 1, loaded: 0, clicked: false });
    expect(selectHeroLoading(actor.getSnapshot())).toBe(true);
  });

  it('loading stays on for 3 video-loaded events and turns off on the 4th, even if one video reports twice', () => {
    const actor = createActor(heroMachine).start();
    for (let i = 0; i < HERO_VIDEO_COUNT - 1; i++) actor.send({ type: 'hero.videoLoaded' });
    expect(selectHeroLoading(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'hero.videoLoaded' });
    expect(selectHeroLoading(actor.getSnapshot())).toBe(false);
  });

  it('stops loading when a video fails, or when the videos do not come within the bounded wait', () => {
    const failed = createActor(heroMachine).start();
    failed.send({ type: 'hero.videoLoaded' });
    failed.send({ type: 'hero.videoFailed' });
    expect(selectHeroLoading(failed.getSnapshot())).toBe(false);

    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const waiting = createActor(heroMachine).start();
      vi.advanceTimersByTime(HERO_LOADING_TIMEOUT_MS - 1);
      expect(selectHeroLoading(waiting.getSnapshot())).toBe(true);
      vi.advanceTimersByTime(1);
      expect(selectHeroLoading(waiting.getSnapshot())).toBe(false);
    } finally {
      vi.useRealTimers();
    }
  });

  it('clicking the preview shows the next video, wraps after 4 and marks the hero clicked', () => {
    const actor = createActor(heroMachine).start();
    const seen: number[] = [];
    for (let i = 0; i < 5; i++) {
      actor.send({ type: 'hero.previewClicked' });
      seen.push(actor.getSnapshot().context.index);
    }
    expect(seen).toEqual([2, 3, 4, 1, 2]);
    expect(actor.getSnapshot().context.clicked).toBe(true);
  });
});

describe('heroMachine model paths', () => {
  const TIMEOUT = { type: 'xstate.after.loadingTimeout.hero.loading' } as const;
  type ModelEvent = HeroEvent | typeof TIMEOUT;
  const events: ModelEvent[] = [
    { type: 'hero.videoLoaded' },
    { type: 'hero.videoFailed' },
    { type: 'hero.previewClicked' },
    TIMEOUT,
  ];
  const paths = transitionCoveringPaths(heroMachine, { events });
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('reach every state node', () => {
    const reached = new Set(
      paths.flatMap((path) =>
        activeStateNodeIds('hero', predictedSnapshot(heroMachine, undefined, path.events).value),
      ),
    );
    expect([...reached].sort()).toEqual(allStateNodeIds(heroMachine).sort());
  });

  it.each(paths)('$name', ({ events: pathEvents }) => {
    const actor = createActor(heroMachine).start();
    // The timer's event is produced for real: the clock moves past the bounded wait.
    for (const event of pathEvents) {
      if (event.type === TIMEOUT.type) vi.advanceTimersByTime(HERO_LOADING_TIMEOUT_MS);
      else actor.send(event);
    }
    const snapshot = actor.getSnapshot();

    // An independent reading of the rules, from the events alone: loading ends on the 4th load, on a failure or
    // on the timer, whichever comes first.
    const clicks = pathEvents.filter((event) => event.type === 'hero.previewClicked').length;
    const loadingEnded = pathEvents.reduce(
      (state, event) => ({
        loads: state.loads + (event.type === 'hero.videoLoaded' ? 1 : 0),
        ended:
          state.ended ||
          event.type === 'hero.videoFailed' ||
          event.type === TIMEOUT.type ||
          (event.type === 'hero.videoLoaded' && state.loads + 1 >= HERO_VIDEO_COUNT),
      }),
      { loads: 0, ended: false },
    ).ended;
    expect(snapshot.context.index).toBe((clicks % HERO_VIDEO_COUNT) + 1);
    expect(snapshot.context.clicked).toBe(clicks > 0);
    expect(selectHeroLoading(snapshot)).toBe(!loadingEnded);
    expect(snapshot.value).toEqual(predictedSnapshot(heroMachine, undefined, pathEvents).value);
  });
});
