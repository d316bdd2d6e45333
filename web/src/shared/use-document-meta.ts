import { useEffect } from 'react';
import { documentTitle } from './prerendered-routes';

function headElement<T extends HTMLElement>(selector: string, create: () => T): T {
  return document.head.querySelector<T>(selector) ?? document.head.appendChild(create());
}

// Each route names itself in the tab and in search results, and states its canonical URL (the path without
// the query string, so filtered collection views do not compete with the collection itself). The served HTML
// carries the path already; only the browser knows the site's absolute origin to complete it.
export function useDocumentMeta(title: string, description: string): void {
  useEffect(() => {
    document.title = documentTitle(title);
    const meta = headElement('meta[name="description"]', () => {
      const element = document.createElement('meta');
      element.name = 'description';
      return element;
    });
    meta.content = description;
    const canonical = headElement('link[rel="canonical"]', () => {
      const element = document.createElement('link');
      element.rel = 'canonical';
      return element;
    });
    canonical.href = new URL(window.location.pathname, window.location.origin).href;
  }, [title, description]);
}
