import { useLayoutEffect } from 'react';
import { useLocation } from 'react-router-dom';

// A new page starts at its top; a change of query string only (filters, sort, search) keeps the position.
export function useScrollToTop(): void {
  const { pathname } = useLocation();
  useLayoutEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
}
