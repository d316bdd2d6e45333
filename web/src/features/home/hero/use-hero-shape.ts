import { useStoreOnceHydrated } from '../../../shared/use-hydrated';
import { type HeroShape, PORTRAIT_MEDIA } from './hero-videos';

function subscribe(onChange: () => void): () => void {
  if (typeof window.matchMedia !== 'function') return () => undefined;
  const list = window.matchMedia(PORTRAIT_MEDIA);
  list.addEventListener('change', onChange);
  return () => list.removeEventListener('change', onChange);
}

function getSnapshot(): HeroShape {
  if (typeof window.matchMedia !== 'function') return 'landscape';
  return window.matchMedia(PORTRAIT_MEDIA).matches ? 'portrait' : 'landscape';
}

const onServer = (): HeroShape => 'landscape';

/**
 * Which cut of the loops the screen's shape calls for. The server cannot know it: the markup it sends chooses
 * the posters with <picture>, and the videos (added after the page has loaded) follow this.
 */
export function useHeroShape(): HeroShape {
  return useStoreOnceHydrated(subscribe, getSnapshot, onServer);
}
