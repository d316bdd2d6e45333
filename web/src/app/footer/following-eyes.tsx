import { useEffect, useRef } from 'react';
import styles from './footer.module.css';

// How far (as a share of the eye's radius) a pupil may travel from the centre.
const PUPIL_TRAVEL = 0.42;

/** Two eyes whose pupils look at the pointer; one pointermove listener, at most one DOM write per frame. */
export function FollowingEyes() {
  const eyesRef = useRef<HTMLSpanElement>(null);

  useEffect(() => {
    const root = eyesRef.current;
    if (!root) return;
    let frame = 0;
    let pointer = { x: 0, y: 0 };

    const render = () => {
      frame = 0;
      for (const eye of root.querySelectorAll<HTMLElement>('[data-eye]')) {
        const pupil = eye.firstElementChild as HTMLElement | null;
        if (!pupil) continue;
        const box = eye.getBoundingClientRect();
        const dx = pointer.x - (box.left + box.width / 2);
        const dy = pointer.y - (box.top + box.height / 2);
        const distance = Math.hypot(dx, dy) || 1;
        // Near the eye the pupil follows the pointer itself; further away it rests at the rim.
        const reach = Math.min(distance, (box.width / 2) * PUPIL_TRAVEL);
        pupil.style.transform = `translate(${(dx / distance) * reach}px, ${(dy / distance) * reach}px)`;
      }
    };
    const onPointerMove = (event: PointerEvent) => {
      pointer = { x: event.clientX, y: event.clientY };
      if (frame === 0) frame = window.requestAnimationFrame(render);
    };

    window.addEventListener('pointermove', onPointerMove, { passive: true });
    return () => {
      window.removeEventListener('pointermove', onPointerMove);
      if (frame !== 0) window.cancelAnimationFrame(frame);
    };
  }, []);

  return (
    <span className={styles.eyes} ref={eyesRef} aria-hidden="true">
      <span className={styles.eye} data-eye="">
        <span className={styles.pupil} />
      </span>
      <span className={styles.eye} data-eye="">
        <span className={styles.pupil} />
      </span>
    </span>
  );
}
