import { createActor } from 'xstate';
import { describe, expect, it } from 'vitest';
import {
  activeStateNodeIds,
  allStateNodeIds,
  predictedSnapshot,
  transitionCoveringPaths,
} from '../test-support/model-paths.js';
import { HERO_VIDEO_COUNT, heroMachine, nextHeroIndex, previousHeroIndex, selectHeroLoading } from './hero-machine.js';
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
  const events: HeroEvent[] = [{ type: 'hero.videoLoaded' }, { type: 'hero.previewClicked' }];
  const paths = transitionCoveringPaths(heroMachine, { events });

  it('reach every state node', () => {
    const reached = new Set(
      paths.flatMap((path) => activeStateNodeIds('hero', predictedSnapshot(heroMachine, undefined, path.events).value)),
    );
    expect([...reached].sort()).toEqual(allStateNodeIds(heroMachine).sort());
  });

  it.each(paths)('$name', ({ events: pathEvents }) => {
    const actor = createActor(heroMachine).start();
    for (const event of pathEvents) actor.send(event);
    const snapshot = actor.getSnapshot();

    // An independent reading of the spec, from the events alone.
    const clicks = pathEvents.filter((event) => event.type === 'hero.previewClicked').length;
    const loads = pathEvents.filter((event) => event.type === 'hero.videoLoaded').length;
    expect(snapshot.context.index).toBe((clicks % HERO_VIDEO_COUNT) + 1);
    expect(snapshot.context.clicked).toBe(clicks > 0);
    expect(selectHeroLoading(snapshot)).toBe(loads < HERO_VIDEO_COUNT);
    expect(snapshot.value).toEqual(predictedSnapshot(heroMachine, undefined, pathEvents).value);
  });
});
