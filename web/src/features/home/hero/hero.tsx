import { useCallback, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { BRAND, TAGLINE } from '../../../shared/brand';
import { PauseIcon, PlayIcon } from '../../../shared/icons';
import ui from '../../../shared/ui.module.css';
import { usePageSettled } from '../../../shared/use-page-settled';
import { usePrefersReducedMotion } from '../../../shared/use-prefers-reduced-motion';
import { nextHeroIndex } from '#machines/hero/hero-machine';
import { HERO_THUMB, HERO_VIDEOS, HERO_VIDEO_COUNT, type HeroVideo, PORTRAIT_MEDIA } from './hero-videos';
import styles from './hero.module.css';
import { LoopVideo } from './loop-video';
import { useHeroShape } from './use-hero-shape';
import { useHeroState } from './use-hero-state';
import { useHeroTransition } from './use-hero-transition';

// Playback can be refused (autoplay policy, a detached element); the poster stays visible, which is fine.
function playQuietly(video: HTMLVideoElement | null | undefined): void {
  video?.play().catch(() => undefined);
}

/** A loop's poster in the cut the screen's shape calls for: the browser picks it, so only one is fetched. */
function HeroPoster({
  video,
  size,
  priority = false,
}: {
  video: HeroVideo;
  size: 'poster' | 'thumb';
  priority?: boolean;
}) {
  const { landscape, portrait } = video;
  const thumb = size === 'thumb';
  return (
    <picture>
      <source
        media={PORTRAIT_MEDIA}
        srcSet={portrait[size]}
        width={thumb ? HERO_THUMB.width : portrait.width}
        height={thumb ? HERO_THUMB.height : portrait.height}
      />
      <img
        className={thumb ? styles.previewMedia : styles.media}
        src={landscape[size]}
        alt=""
        width={thumb ? HERO_THUMB.width : landscape.width}
        height={thumb ? HERO_THUMB.height : landscape.height}
        fetchPriority={priority ? 'high' : 'auto'}
      />
    </picture>
  );
}

export function Hero() {
  const hero = useHeroState();
  const reducedMotion = usePrefersReducedMotion();
  // null: follow the motion preference; true/false: the shopper pressed pause or play.
  const [pausedByUser, setPausedByUser] = useState<boolean | null>(null);
  const paused = pausedByUser ?? reducedMotion;
  // A shopper who prefers less motion sees the posters, and fetches no loop (nor waits for one) until pressing Play.
  // The server's HTML shows the loading state, as most shoppers will see it; theirs ends as the page hydrates.
  const videosWanted = !usePrefersReducedMotion(false) || pausedByUser !== null;
  const loading = hero.loading && videosWanted;
  // Each layer is a poster with its video above it; the swap animates the layer, play/pause the video.
  const layers = useRef<(HTMLDivElement | null)[]>([]);
  const videos = useRef<(HTMLVideoElement | null)[]>([]);
  const shape = useHeroShape();
  const previewRef = useRef<HTMLVideoElement | null>(null);
  const upcoming = nextHeroIndex(hero.index);
  // The posters are the first paint; the videos (the heaviest files) are fetched once the page has loaded and
  // hydrated, in an idle period after: five empty video elements cost the first render about half its main-thread
  // time, and decoding four loops took a phone's cores from hydration's last tasks.
  const pageSettled = usePageSettled();
  const videosReady = pageSettled && videosWanted;

  useHeroTransition(layers, hero.index, !reducedMotion);

  // Each video counts once towards the 4 loads the hero waits for.
  const counted = useRef(new Set<number>());
  const { videoLoaded } = hero;
  const reportLoaded = useCallback(
    (index: number) => {
      if (counted.current.has(index)) return;
      counted.current.add(index);
      videoLoaded();
    },
    [videoLoaded],
  );

  // A cached video can finish loading while React is still rendering, before the element is mounted; React
  // drops events for unmounted targets, so the mounted elements are checked once as well.
  useEffect(() => {
    videos.current.forEach((video, i) => {
      if (video && video.readyState >= HTMLMediaElement.HAVE_CURRENT_DATA) reportLoaded(i + 1);
    });
  }, [reportLoaded, videosReady]);

  // Only the visible layer and the preview play; the others wait, decoded, for their turn.
  useEffect(() => {
    videos.current.forEach((video, i) => {
      if (!video) return;
      if (!paused && i === hero.index - 1) playQuietly(video);
      else video.pause();
    });
    if (paused) previewRef.current?.pause();
    else playQuietly(previewRef.current);
    // A new shape remounts the videos with the other cut: they are started again.
  }, [hero.index, paused, upcoming, videosReady, shape]);

  return (
    <section className={styles.hero} aria-labelledby="hero-title" aria-busy={loading}>
      <div className={styles.stage}>
        {HERO_VIDEOS.map((video) => {
          const active = video.index === hero.index;
          return (
            <div
              key={video.index}
              ref={(element) => {
                layers.current[video.index - 1] = element;
              }}
              className={styles.layer}
              data-active={active}
              // The loops and their posters are decoration: the hero's words are its content.
              aria-hidden="true"
            >
              {/* Hidden layers take their posters later: the first paint needs only the visible one. */}
              {pageSettled || active ? <HeroPoster video={video} size="poster" priority={active} /> : null}
              {videosReady ? (
                <LoopVideo
                  cut={video[shape]}
                  className={styles.media}
                  preload="auto"
                  onElement={(element) => {
                    videos.current[video.index - 1] = element;
                  }}
                  onLoaded={() => reportLoaded(video.index)}
                  onFailed={hero.videoFailed}
                />
              ) : null}
            </div>
          );
        })}
      </div>

      {loading ? (
        <div className={styles.loading} role="status" data-testid="hero-loading">
          <span className={ui.spinner} />
          <span className="visually-hidden">Loading videos…</span>
        </div>
      ) : null}

      <button
        type="button"
        className={styles.preview}
        aria-label={`Show video ${upcoming} of ${HERO_VIDEO_COUNT}`}
        onClick={hero.previewClicked}
      >
        <HeroPoster key={`poster-${upcoming}`} video={HERO_VIDEOS[upcoming - 1]!} size="thumb" />
        {videosReady ? (
          <LoopVideo
            key={`loop-${upcoming}`}
            cut={HERO_VIDEOS[upcoming - 1]![shape]}
            className={styles.previewMedia}
            preload="metadata"
            onElement={(element) => {
              previewRef.current = element;
            }}
          />
        ) : null}
      </button>

      <div className={`container ${styles.copy}`}>
        <h1 id="hero-title" className={styles.title}>
          {BRAND.storeName.toUpperCase()}
        </h1>
        <p className={styles.tagline}>{TAGLINE}</p>
        <Link to="/collection" className={`${ui.button} ${styles.cta}`}>
          Shop the collection
        </Link>
      </div>

      <p className={styles.counter} aria-live="polite">
        <span className="visually-hidden">Showing video </span>
        {String(hero.index).padStart(2, '0')}
        <span aria-hidden="true"> / </span>
        <span className="visually-hidden"> of </span>
        {String(HERO_VIDEO_COUNT).padStart(2, '0')}
      </p>

      <button
        type="button"
        className={styles.playToggle}
        aria-label={paused ? 'Play background video' : 'Pause background video'}
        onClick={() => setPausedByUser(!paused)}
      >
        {paused ? <PlayIcon /> : <PauseIcon />}
      </button>
    </section>
  );
}
