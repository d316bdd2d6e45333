import { keepEarlyTaps } from './shared/early-taps';
import './shared/global.css';
import { loadFonts } from './shared/load-fonts';
import { inNextTask } from './shared/next-task';
import type { SheetRule } from './prerender/page-styles';
import { putBackTheRest } from './shared/rest-of-stylesheet';

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
 * The rest of the stylesheet, of which the served page inlined only the rules its markup needs (page-styles.ts):
 * what the app draws next may need it. Put back in place from the rules file the page names; else (no such file, or
 * a browser without the CSSOM this needs) the whole stylesheet is linked after the page's own rules, which restyles
 * every element. Settles once it is in, or has failed.
 */
async function loadStylesheet(): Promise<void> {
  const style = document.querySelector<HTMLStyleElement>('style[data-sheet]');
  if (style === null) return;
  const { sheet, rules, kept = '' } = style.dataset;
  if (rules !== undefined)
    try {
      const response = await fetch(rules);
      if (response.ok && (await putBackTheRest(style.sheet!, (await response.json()) as SheetRule[], kept)))
        return;
    } catch {
      // Linked whole below.
    }
  await new Promise((resolve) => {
    const link = Object.assign(document.createElement('link'), { rel: 'stylesheet', href: sheet });
    link.onload = link.onerror = resolve;
    document.head.append(link);
  });
}

keepEarlyTaps();
const painted = loaded.then(afterPaint);
// Four steps, each in a task of its own: together, on a busy phone, they were one long enough to block a tap.
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
