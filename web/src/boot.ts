import '@fontsource/krona-one/latin-400.css';
import '@fontsource/outfit/latin-400.css';
import '@fontsource/outfit/latin-500.css';
import '@fontsource/outfit/latin-600.css';
import './app/global.css';

// The served HTML already shows the page (prerendered, or rendered with its data by the BFF: docs/decisions/
// 008). The app's code is fetched only once the page's own images and fonts have loaded and been painted, so
// on a slow connection it never competes with what the shopper is looking at. Links work meanwhile; React then
// hydrates the same markup, and the page's controls are enabled.

const loaded = new Promise<void>((resolve) => {
  if (document.readyState === 'complete') resolve();
  else window.addEventListener('load', () => resolve(), { once: true });
});

// The first contentful paint is reported once it is on screen; a browser that does not report paints goes on.
const painted = new Promise<void>((resolve) => {
  if (!PerformanceObserver.supportedEntryTypes.includes('paint') || performance.getEntriesByType('paint').length > 0) {
    resolve();
    return;
  }
  const observer = new PerformanceObserver(() => {
    observer.disconnect();
    resolve();
  });
  observer.observe({ type: 'paint', buffered: true });
});

function afterNextFrame(): Promise<void> {
  // A task queued from the frame after next runs once a frame drawn after the load event has been produced.
  return new Promise((resolve) => {
    requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, 0)));
  });
}

void Promise.all([loaded, painted])
  .then(afterNextFrame)
  .then(() => import('./main'));
