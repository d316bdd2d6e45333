import styles from './home.module.css';

// Each word's width in the display face at the marquee's size (em of the word's own size): set, not measured by
// the browser, so the words stay where they are when the face swaps in for the fallback after the first paint.
const WORDS = [
  { word: 'Style.', width: '5.4em' },
  { word: 'Comfort.', width: '8em' },
  { word: 'Trend.', width: '5.65em' },
];
// Enough repeats to overflow the widest screens; the track holds two identical halves for a seamless loop.
const REPEATS = 4;

export function Marquee() {
  const half = Array.from({ length: REPEATS }, () => WORDS).flat();
  return (
    <div className={styles.marquee}>
      <p className="visually-hidden">{WORDS.map(({ word }) => word).join(' ')}</p>
      <div className={styles.marqueeTrack} aria-hidden="true">
        {[...half, ...half].map(({ word, width }, index) => (
          <span key={index} className={styles.marqueeWord} style={{ width }}>
            {word}
          </span>
        ))}
      </div>
    </div>
  );
}
