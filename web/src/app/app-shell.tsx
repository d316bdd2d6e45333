import { type ReactNode, Suspense, useEffect } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { CartProvider } from '../features/cart';
import { SiteFooter } from './footer/site-footer';
import { NavBar } from './nav/nav-bar';
import { PageErrorBoundary } from './page-error-boundary';
import { PageFallback } from './page-fallback';
import styles from './app-shell.module.css';
import { handOverEarlyTaps } from '../shared/early-taps';
import { markPageHydrated } from '../graphql/store-client';
import { ToastHost } from '../shared/toast-host';
import { useScrollToTop } from '../shared/use-scroll-to-top';
import { useHydrated } from '../shared/use-hydrated';

/**
 * Marks the document once the page's own chunk has loaded and React owns its markup (inside the page's
 * Suspense boundary, which hydrates after the shell), so tests know its controls answer.
 */
function PageReady() {
  const hydrated = useHydrated();
  useEffect(() => {
    // The routed page has hydrated. What mounts from now on (a cart page's lines, in the transition its
    // useHydrated calls have just started) renders what only the browser knows at once, not the server's first.
    document.documentElement.dataset.app ??= 'hydrated';
  }, []);
  useEffect(() => {
    if (!hydrated) return;
    // The page is React's now, and its controls are enabled (useHydrated's transition has committed): the taps
    // kept before (which the page has just acted on) end here. Not earlier: a click on a part React has not
    // hydrated yet (the page's chunk still loading), or on a control still disabled, would be dropped.
    handOverEarlyTaps();
    markPageHydrated();
    document.documentElement.dataset.app = 'ready';
    // For bench:interactive: when the app took over, on the performance timeline beside LCP.
    if (performance.getEntriesByName('app-hydrated').length === 0) performance.mark('app-hydrated');
  }, [hydrated]);
  return null;
}

/** The frame of every page; `page` replaces the routed page (the prerendered loading shell uses it). */
export function AppShell({ page = <Outlet /> }: { page?: ReactNode }) {
  const { pathname } = useLocation();
  useScrollToTop();
  // The cart lives here, above every page and the nav's badge: one actor for the whole visit.
  return (
    <CartProvider>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <NavBar />
      <main id="main" className={styles.main} tabIndex={-1}>
        <PageErrorBoundary key={pathname}>
          {/* Each page is its own chunk: the shell paints at once, the page streams in behind this. */}
          <Suspense fallback={<PageFallback />}>
            {page}
            <PageReady />
          </Suspense>
        </PageErrorBoundary>
      </main>
      <SiteFooter />
      <ToastHost />
    </CartProvider>
  );
}
