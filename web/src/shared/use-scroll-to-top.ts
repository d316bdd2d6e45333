import { useLayoutEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';

// A new page starts at its top; a change of query string only (filters, sort, search) keeps the position. The
// page the app arrives on keeps it too: a shopper may have scrolled the served page before the code came.
export function useScrollToTop(): void {
  const { pathname } = useLocation();
  const shown = useRef(pathname);
  useLayoutEffect(() => {
    if (shown.current === pathname) return;
    shown.current = pathname;
    window.scrollTo(0, 0);
  }, [pathname]);
}
