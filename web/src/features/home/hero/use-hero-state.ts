import { useActorRef, useSelector } from '@xstate/react';
import { useCallback } from 'react';
import { heroMachine, selectHeroLoading } from '#machines/hero/hero-machine';

/** The hero's state lives in heroMachine; the component reads it through selectors and sends it events. */
export function useHeroState() {
  const actor = useActorRef(heroMachine);
  const index = useSelector(actor, (snapshot) => snapshot.context.index);
  const loading = useSelector(actor, selectHeroLoading);
  const videoLoaded = useCallback(() => actor.send({ type: 'hero.videoLoaded' }), [actor]);
  const videoFailed = useCallback(() => actor.send({ type: 'hero.videoFailed' }), [actor]);
  const previewClicked = useCallback(() => actor.send({ type: 'hero.previewClicked' }), [actor]);
  return { index, loading, videoLoaded, videoFailed, previewClicked };
}
