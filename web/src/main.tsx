import { ApolloProvider } from '@apollo/client/react';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { AppRoutes } from './app/routes';
import { isPrerenderedFor } from './shared/prerendered-routes';
import { readServerState } from './app/server-state';
import { apolloClient } from './graphql/apollo-client';

// Loaded by boot.ts once the page has loaded. Declarative routing (no data router): the pages fetch through
// Apollo Client, and each page is a lazy chunk (routes.tsx).
const container = document.getElementById('root')!;

const app = (
  <StrictMode>
    <ApolloProvider client={apolloClient}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </ApolloProvider>
  </StrictMode>
);

// The served HTML was rendered for one URL (data-route): a route shell at build time, or a page with its data
// by the BFF, which then also sends the cache it rendered from. It is hydrated only on that URL; any other one
// served the same file (an unknown path, a page the BFF could not render) renders from scratch.
if (isPrerenderedFor(container.dataset.route, window.location.pathname, window.location.search)) {
  const state = readServerState(document);
  if (state) apolloClient.cache.restore(state);
  hydrateRoot(container, app);
} else {
  createRoot(container).render(app);
}
