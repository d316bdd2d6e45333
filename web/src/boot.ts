import { keepEarlyTaps } from './shared/early-taps';
import './shared/global.css';
import { loadFonts } from './shared/load-fonts';

// The served HTML already shows the page (docs/decisions/008). The app's code and the fonts are fetched only once
// its images have painted, so on a slow connection they never compete with them (taps meanwhile: early-taps.ts).

const loaded = new Promise<void>((resolve) => {
  if (document.readyState === 'complete') resolve();
  else window.addEventListener('load', () => resolve(), { once: true });
});

/** Resolves in a task once a frame after the load event has been presented (a second at most). */
function afterPaint(): Promise<void> {
  return new Promise((resolve) => {
    // The paint entry appears once the first contentful frame is on screen; it is read each frame (an
    // observer's callback can come much later). Two frames after load, the images are drawn.
    let frames = 0;
    const check = () => {
      frames += 1;
      const painted = performance
        .getEntriesByType('paint')
        .some((entry) => entry.name === 'first-contentful-paint');
      if ((painted && frames >= 2) || frames > 60) setTimeout(resolve, 0);
      else requestAnimationFrame(check);
    };
    requestAnimationFrame(check);
  });
}

/**
 * The whole stylesheet, of which the served page inlined only the rules its markup needs (page-styles.ts):
 * what the app draws next may need the rest. Settles once it has loaded or failed.
 */
function loadStylesheet(): Promise<void> {
  const href = document.querySelector<HTMLElement>('style[data-sheet]')?.dataset.sheet;
  if (href === undefined) return Promise.resolve();
  return new Promise((resolve) => {
    const link = document.createElement('link');
    link.rel = 'stylesheet';
    link.href = href;
    link.addEventListener('load', () => resolve(), { once: true });
    link.addEventListener('error', () => resolve(), { once: true });
    document.head.append(link);
  });
}

/** Resolves in a task of its own: the steps below are short, and a phone's main thread gets a turn between them. */
const inNextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

keepEarlyTaps();
const painted = loaded.then(afterPaint);
// Four tasks: together, on a busy phone, they were one long enough to block a tap.
void painted.then(() => loadFonts(document.body.textContent));
// React's code (its own chunk, web/vite.config.ts) is evaluated in a task before the app's, which imports it: the two
// chunks are fetched side by side, and each evaluation is about half of what one was. A failure shows in the app's.
void painted
  .then(inNextTask)
  .then(() => import('react-dom/client'))
  .catch(() => undefined);
const app = painted.then(inNextTask).then(() => import('./main'));
const stylesheet = painted.then(inNextTask).then(inNextTask).then(loadStylesheet);
void Promise.all([app, stylesheet]).then(([main]) => main.start());
