import { type RefObject, useEffect, useLayoutEffect, useRef } from 'react';
import { onFirstInput } from '../../../shared/first-input';
import { logError } from '../../../shared/notify-error';
import { type Gsap, loadGsap } from '../load-gsap';

// Spec: the swap takes 1–1.5 s; the incoming video fades and scales in, the outgoing scales up and fades out.
const SWAP_SECONDS = 1.2;

/**
 * Animates the background layers when the active index changes; without GSAP (reduced motion, not loaded yet)
 * the CSS alone shows the active layer. GSAP loads at the first tap or key press: evaluating it is a long
 * task on a slow phone, which would land right after hydration (docs/decisions/018).
 */
export function useHeroTransition(
  layers: RefObject<(HTMLElement | null)[]>,
  activeIndex: number,
  animate: boolean,
): void {
  const gsapRef = useRef<Gsap | null>(null);
  const previous = useRef(activeIndex);

  useEffect(() => {
    if (!animate) return;
    let live = true;
    const cancel = onFirstInput(() => {
      loadGsap()
        .then((gsap) => {
          if (live) gsapRef.current = gsap;
        })
        .catch((error: unknown) => logError(error, 'hero animation'));
    });
    return () => {
      live = false;
      cancel();
    };
  }, [animate]);

  useLayoutEffect(() => {
    const from = previous.current;
    previous.current = activeIndex;
    const gsap = gsapRef.current;
    if (!animate || !gsap || from === activeIndex) return;
    const outgoing = layers.current[from - 1];
    const incoming = layers.current[activeIndex - 1];
    if (!outgoing || !incoming) return;

    const ctx = gsap.context(() => {
      gsap
        .timeline({ defaults: { duration: SWAP_SECONDS, overwrite: 'auto' } })
        .fromTo(
          outgoing,
          { opacity: 1, scale: 1, zIndex: 1 },
          { opacity: 0, scale: 1.15, ease: 'power2.inOut', clearProps: 'opacity,transform,zIndex' },
          0,
        )
        .fromTo(
          incoming,
          { opacity: 0, scale: 0.85 },
          { opacity: 1, scale: 1, ease: 'power2.out', clearProps: 'opacity,transform' },
          0,
        );
    });
    return () => ctx.revert();
  }, [activeIndex, animate, layers]);
}
