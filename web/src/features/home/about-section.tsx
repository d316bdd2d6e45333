import { useEffect, useRef } from 'react';
import { BRAND } from '../../shared/brand';
import { logError } from '../../shared/notify-error';
import { usePrefersReducedMotion } from '../../shared/use-prefers-reduced-motion';
import styles from './home.module.css';
import { HomePicture } from './home-picture';
import { loadGsapWithScrollTrigger } from './load-gsap';

// Spec: the image expands to full screen only above the 768 px breakpoint, scrubbed over 800 scroll units.
const EXPAND_MEDIA = '(min-width: 769px)';
const SCRUB_DISTANCE = '+=800';

export function AboutSection() {
  const pinRef = useRef<HTMLDivElement>(null);
  const frameRef = useRef<HTMLDivElement>(null);
  const reducedMotion = usePrefersReducedMotion();

  useEffect(() => {
    const pin = pinRef.current;
    const frame = frameRef.current;
    if (reducedMotion || !pin || !frame) return;
    const wide = window.matchMedia(EXPAND_MEDIA);
    let revert: (() => void) | undefined;
    let started = false;
    let cancelled = false;

    // Phones never pin, so they never fetch ScrollTrigger: it is loaded the first time the screen is wide.
    const setUp = () => {
      if (started || !wide.matches) return;
      started = true;
      loadGsapWithScrollTrigger()
        .then((gsap) => {
          if (cancelled) return;
          // From here GSAP follows the media query itself, both ways.
          const mm = gsap.matchMedia();
          mm.add(EXPAND_MEDIA, () => {
            gsap
              .timeline({
                scrollTrigger: {
                  trigger: pin,
                  start: 'top top',
                  end: SCRUB_DISTANCE,
                  scrub: 0.5,
                  pin: true,
                  pinSpacing: true,
                },
              })
              .to(frame, { width: '100vw', height: '100vh', borderRadius: 0, ease: 'power1.inOut' });
          });
          // Reverting removes the pin spacer and inline styles, so leaving or crossing 768 px is clean.
          revert = () => mm.revert();
        })
        .catch((error: unknown) => logError(error, 'about animation'));
    };
    setUp();
    wide.addEventListener('change', setUp);

    return () => {
      cancelled = true;
      wide.removeEventListener('change', setUp);
      revert?.();
    };
  }, [reducedMotion]);

  return (
    <section id="about" className={styles.about} aria-labelledby="about-title">
      <div className={`container ${styles.aboutIntro}`}>
        <p className={styles.eyebrow}>About {BRAND.storeName}</p>
        <h2 id="about-title" className={styles.aboutTitle}>
          Fewer, better shoes for every step of the day
        </h2>
        <p className={styles.aboutText}>
          We design a small range and make it well: breathable runners, clean sneakers, hand-finished leather
          and easy sandals, cut in our own patterns and tested on real commutes before they reach the shelf.
        </p>
      </div>
      <div ref={pinRef} className={styles.aboutPin}>
        <div ref={frameRef} className={styles.aboutFrame}>
          <HomePicture
            name="about"
            widths={[640, 1280, 1920]}
            width={1920}
            height={1080}
            // The pin grows the frame to the whole viewport above 768 px; on a phone it is the page's width.
            sizes="100vw"
            alt="A cognac brogue derby in polished leather, seen from the side"
          />
        </div>
      </div>
    </section>
  );
}
