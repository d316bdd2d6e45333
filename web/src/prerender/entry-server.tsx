import { ApolloClient, ApolloLink, InMemoryCache } from '@apollo/client';
import { ApolloProvider } from '@apollo/client/react';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { prerender } from 'react-dom/static';
import { StaticRouter } from 'react-router-dom';
import { AppRoutes } from '../app/app-routes';
import { AppShell } from '../app/app-shell';
import { PageFallback } from '../app/page-fallback';
import { documentTitle, PRERENDERED_ROUTES } from '../app/prerendered-routes';

// Built for Node by web/build/prerender.ts, never shipped to the browser. `prerender` waits for the lazy
// pages, so each route's first screen (with skeletons where data will go) lands in its HTML file.
export { documentTitle, PRERENDERED_ROUTES };

async function toHtml(node: React.ReactNode): Promise<string> {
  // `prerender` waits for every React.lazy page to load; renderToString then writes the finished tree in one
  // piece. (Streamed output reveals Suspense boundaries with inline <script>s, which the site's CSP blocks.)
  await (await prerender(node)).prelude.cancel();
  const html = renderToString(node);
  if (html.includes('<script')) throw new Error('prerender: the markup still needs an inline script');
  if (html.includes('<!--$!-->') || html.includes('<!--$?-->')) throw new Error('prerender: a page did not finish rendering');
  return html;
}

// The HTML holds route shells with skeletons, never data: the browser's first render (an empty cache) must
// produce the same markup to hydrate. A client per render whose link never sends keeps every query loading.
function shellClient(): ApolloClient {
  return new ApolloClient({ cache: new InMemoryCache(), link: ApolloLink.empty(), ssrMode: true });
}

/** The markup of the app at `url`, exactly as the browser's first render produces it (so it hydrates). */
export function renderRoute(url: string): Promise<string> {
  return toHtml(
    <StrictMode>
      <ApolloProvider client={shellClient()}>
        <StaticRouter location={url}>
          <AppRoutes />
        </StaticRouter>
      </ApolloProvider>
    </StrictMode>,
  );
}

/** Nav, footer and a loading page: the HTML for routes that are not prerendered (it is rendered over, not hydrated). */
export function renderShell(): Promise<string> {
  return toHtml(
    <ApolloProvider client={shellClient()}>
      <StaticRouter location="/">
        <ShellOnly />
      </StaticRouter>
    </ApolloProvider>,
  );
}

function ShellOnly() {
  return <AppShell page={<PageFallback />} />;
}
