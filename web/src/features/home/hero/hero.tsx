import { useCallback, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { BRAND, TAGLINE } from '../../../shared/brand';
import { PauseIcon, PlayIcon } from '../../../shared/icons';
import ui from '../../../shared/ui.module.css';
import { usePageLoaded } from '../../../shared/use-page-loaded';
import { usePrefersReducedMotion } from '../../../shared/use-prefers-reduced-motion';
import { nextHeroIndex } from '#machines/hero/hero-machine';
import { HERO_VIDEOS, HERO_VIDEO_COUNT } from './hero-videos';
import styles from './hero.module.css';
import { useHeroState } from './use-hero-state';
import { useHeroTransition } from './use-hero-transition';

// Playback can be refused (autoplay policy, a detached element); the poster stays visible, which is fine.
function playQuietly(video: HTMLVideoElement | null | undefined): void {
  video?.play().catch(() => undefined);
}

export function Hero() {
  const hero = useHeroState();
  const reducedMotion = usePrefersReducedMotion();
  // null: follow the motion preference; true/false: the shopper pressed pause or play.
  const [pausedByUser, setPausedByUser] = useState<boolean | null>(null);
  const paused = pausedByUser ?? reducedMotion;
  const layers = useRef<(HTMLVideoElement | null)[]>([]);
  const previewRef = useRef<HTMLVideoElement>(null);
  const upcoming = nextHeroIndex(hero.index);
  // The posters are the first paint; the videos (the page's heaviest files) are fetched after the page has loaded.
  const mediaReady = usePageLoaded();

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
    layers.current.forEach((video, i) => {
      if (video && video.readyState >= HTMLMediaElement.HAVE_CURRENT_DATA) reportLoaded(i + 1);
    });
  }, [reportLoaded]);

  // Only the visible layer and the preview play; the others wait, decoded, for their turn.
  useEffect(() => {
    layers.current.forEach((video, i) => {
      if (!video) return;
      if (!paused && i === hero.index - 1) playQuietly(video);
      else video.pause();
    });
    if (paused) previewRef.current?.pause();
    else playQuietly(previewRef.current);
  }, [hero.index, paused, upcoming, mediaReady]);

  return (
    <section className={styles.hero} aria-labelledby="hero-title" aria-busy={hero.loading}>
      <div className={styles.stage}>
        {HERO_VIDEOS.map((video) => (
          <video
            key={video.index}
            ref={(element) => {
              layers.current[video.index - 1] = element;
            }}
            className={styles.layer}
            data-active={video.index === hero.index}
            // Hidden layers take their posters later too: the first paint needs only the visible one.
            poster={mediaReady || video.index === hero.index ? video.poster : undefined}
            muted
            loop
            playsInline
            preload="auto"
            aria-hidden="true"
            tabIndex={-1}
            onLoadedData={() => reportLoaded(video.index)}
          >
            {mediaReady ? (
              <>
                <source src={video.webm} type="video/webm" />
                {/* The last source's error means the video has none it can play: the loading state ends. */}
                <source src={video.mp4} type="video/mp4" onError={hero.videoFailed} />
              </>
            ) : null}
          </video>
        ))}
        <div className={styles.scrim} />
      </div>

      {hero.loading ? (
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
        <video
          key={upcoming}
          ref={previewRef}
          className={styles.previewVideo}
          poster={HERO_VIDEOS[upcoming - 1]?.thumb}
          muted
          loop
          playsInline
          autoPlay={!paused}
          preload="metadata"
          aria-hidden="true"
          tabIndex={-1}
        >
          {mediaReady ? (
            <>
              <source src={HERO_VIDEOS[upcoming - 1]?.webm} type="video/webm" />
              <source src={HERO_VIDEOS[upcoming - 1]?.mp4} type="video/mp4" />
            </>
          ) : null}
        </video>
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
