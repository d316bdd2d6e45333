import { useEffect, useState } from 'react';

// Small jitters (trackpads, momentum) must not flicker the bar, and near the top it always shows.
const MIN_DELTA_PX = 6;
const ALWAYS_VISIBLE_BELOW_PX = 64;

/** True while the page is being scrolled down; false when scrolling up or at the top. */
export function useHideOnScroll(): boolean {
  const [hidden, setHidden] = useState(false);

  useEffect(() => {
    let lastY = window.scrollY;
    let frame = 0;

    const update = () => {
      frame = 0;
      const y = Math.max(window.scrollY, 0);
      if (y < ALWAYS_VISIBLE_BELOW_PX) {
        setHidden(false);
        lastY = y;
        return;
      }
      if (Math.abs(y - lastY) < MIN_DELTA_PX) return;
      setHidden(y > lastY);
      lastY = y;
    };
    const onScroll = () => {
      if (frame === 0) frame = window.requestAnimationFrame(update);
    };

    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      window.removeEventListener('scroll', onScroll);
      if (frame !== 0) window.cancelAnimationFrame(frame);
    };
  }, []);

  return hidden;
}
