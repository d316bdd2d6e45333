import { useEffect } from 'react';
import { documentTitle } from './route-table';

function headElement<T extends HTMLElement>(selector: string, create: () => T): T {
  return document.head.querySelector<T>(selector) ?? document.head.appendChild(create());
}

// Each route names itself in the tab and in search results, and states its canonical URL: the path, and for a
// view with its own content (a filtered collection) the query in its one canonical form, as the server
// rendered it. The origin stays the one the server wrote (the store's public URL); a build-time shell has a
// relative link, completed with the browser's origin.
export function useDocumentMeta(title: string, description: string, canonicalPath?: string): void {
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
    const origin = new URL(canonical.getAttribute('href') ?? '/', window.location.origin).origin;
    canonical.href = new URL(canonicalPath ?? window.location.pathname, origin).href;
  }, [title, description, canonicalPath]);
}
