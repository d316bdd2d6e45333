import styles from './home.module.css';

const WORDS = ['Style.', 'Comfort.', 'Trend.'];
// Enough repeats to overflow the widest screens; the track holds two identical halves for a seamless loop.
const REPEATS = 4;

export function Marquee() {
  const half = Array.from({ length: REPEATS }, () => WORDS).flat();
  return (
    <div className={styles.marquee}>
      <p className="visually-hidden">Style. Comfort. Trend.</p>
      <div className={styles.marqueeTrack} aria-hidden="true">
        {[...half, ...half].map((word, index) => (
          <span key={index} className={styles.marqueeWord}>
            {word}
          </span>
        ))}
      </div>
    </div>
  );
}
