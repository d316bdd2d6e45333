import { useEffect, useRef } from 'react';
import { BRAND } from '../../shared/brand';
import { logError } from '../../shared/notify-error';
import styles from './home.module.css';
import { HomePicture } from './home-picture';
import { loadGsap } from './load-gsap';

// Spec: the image expands to full screen only above the 768 px breakpoint, scrubbed over 800 scroll units. CSS holds
// the stage (sticky, in a pin 800 px taller than the screen: home.module.css, same query), so the page has its
// whole height before any code; GSAP only grows the picture with the scroll. ScrollTrigger is not used: it keeps a
// requestAnimationFrame loop running on every page for the rest of the visit.
const EXPAND_MEDIA = '(min-width: 769px) and (prefers-reduced-motion: no-preference)';
const SCRUB_DISTANCE_PX = 800;
/** How long the picture takes to catch up with the scroll, as ScrollTrigger's `scrub: 0.5`. */
const SCRUB_SECONDS = 0.5;

export function AboutSection() {
  const pinRef = useRef<HTMLDivElement>(null);
  const frameRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const pin = pinRef.current;
    const frame = frameRef.current;
    // Without matchMedia (old browsers, jsdom) nothing is known of the screen: the picture stays as it is.
    if (!pin || !frame || typeof window.matchMedia !== 'function') return;
    const expand = window.matchMedia(EXPAND_MEDIA);
    let revert: (() => void) | undefined;
    let started = false;
    let cancelled = false;

    // Phones and reduced motion never expand, so they never fetch GSAP for it.
    const setUp = () => {
      if (started || !expand.matches) return;
      started = true;
      loadGsap()
        .then((gsap) => {
          if (cancelled) return;
          // From here GSAP follows the media query itself, both ways; reverting restores the frame's styles.
          const mm = gsap.matchMedia();
          mm.add(EXPAND_MEDIA, () => {
            const grow = gsap.to(frame, {
              width: '100vw',
              height: '100vh',
              borderRadius: 0,
              ease: 'power1.inOut',
              paused: true,
            });
            const scrolled = () =>
              gsap.utils.clamp(0, 1, -pin.getBoundingClientRect().top / SCRUB_DISTANCE_PX);
            let target = scrolled();
            grow.progress(target);
            // A tween only when the target moves: scrolling elsewhere on the page starts nothing.
            const follow = () => {
              const next = scrolled();
              if (next === target) return;
              target = next;
              gsap.to(grow, { progress: next, duration: SCRUB_SECONDS, ease: 'power3.out', overwrite: true });
            };
            window.addEventListener('scroll', follow, { passive: true });
            window.addEventListener('resize', follow);
            return () => {
              window.removeEventListener('scroll', follow);
              window.removeEventListener('resize', follow);
            };
          });
          revert = () => mm.revert();
        })
        .catch((error: unknown) => logError(error, 'about animation'));
    };
    setUp();
    expand.addEventListener('change', setUp);

    return () => {
      cancelled = true;
      expand.removeEventListener('change', setUp);
      revert?.();
    };
  }, []);

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
        <div className={styles.aboutStage}>
          <div ref={frameRef} className={styles.aboutFrame}>
            <HomePicture
              name="about"
              widths={[640, 1280, 1920]}
              width={1920}
              height={1080}
              // The frame grows to the whole viewport above 768 px; on a phone it is the page's width.
              sizes="100vw"
              alt="A cognac brogue derby in polished leather, seen from the side"
            />
          </div>
        </div>
      </div>
    </section>
  );
}
