import { HERO_VIDEO_COUNT, type HeroIndex } from '#machines/hero/hero-machine';

/**
 * Screens taller than wide get each loop's portrait cut: the landscape cut, cropped to a phone's hero, would
 * show a sliver of the shoe. The same query picks the posters, the preload and the CSS.
 */
export const PORTRAIT_MEDIA = '(orientation: portrait)';

export type HeroShape = 'landscape' | 'portrait';

/** One cut of a loop, as scripts/make-hero-videos.sh makes it in web/public/videos (portrait/ for tall). */
export interface HeroCut {
  webm: string;
  mp4: string;
  poster: string;
  /** The poster, small, as the preview button shows it. */
  thumb: string;
  width: number;
  height: number;
}

export interface HeroVideo {
  index: HeroIndex;
  landscape: HeroCut;
  portrait: HeroCut;
}

const THUMB = { width: 480, height: 270 } as const;

const cut = (folder: string, index: HeroIndex, width: number, height: number): HeroCut => ({
  webm: `${folder}/hero-${index}.webm`,
  mp4: `${folder}/hero-${index}.mp4`,
  poster: `${folder}/hero-${index}-poster.webp`,
  thumb: `${folder}/hero-${index}-thumb.webp`,
  width,
  height,
});

const video = (index: HeroIndex): HeroVideo => ({
  index,
  landscape: cut('/videos', index, 1280, 720),
  portrait: cut('/videos/portrait', index, 720, 1280),
});

export const HERO_VIDEOS: readonly HeroVideo[] = [video(1), video(2), video(3), video(4)];
export { HERO_VIDEO_COUNT, THUMB as HERO_THUMB };

/** What the server preloads for home's first screen: the first poster of the cut the screen will show. */
export const HERO_FIRST_POSTERS: ReadonlyArray<{ href: string; media: string }> = [
  { href: HERO_VIDEOS[0]!.portrait.poster, media: PORTRAIT_MEDIA },
  { href: HERO_VIDEOS[0]!.landscape.poster, media: '(orientation: landscape)' },
];
