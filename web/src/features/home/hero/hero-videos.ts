import { HERO_VIDEO_COUNT, type HeroIndex } from '#machines/hero/hero-machine';

// The four hero loops live in web/public/videos (made by scripts/make-hero-videos.sh from the catalogue art).
export interface HeroVideo {
  index: HeroIndex;
  webm: string;
  mp4: string;
  poster: string;
  /** The poster, small: for the preview button. */
  thumb: string;
}

const video = (index: HeroIndex): HeroVideo => ({
  index,
  webm: `/videos/hero-${index}.webm`,
  mp4: `/videos/hero-${index}.mp4`,
  poster: `/videos/hero-${index}-poster.webp`,
  thumb: `/videos/hero-${index}-thumb.webp`,
});

export const HERO_VIDEOS: readonly HeroVideo[] = [video(1), video(2), video(3), video(4)];
export { HERO_VIDEO_COUNT };
