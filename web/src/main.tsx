import '@fontsource/krona-one/latin-400.css';
import '@fontsource/outfit/latin-400.css';
import '@fontsource/outfit/latin-500.css';
import '@fontsource/outfit/latin-600.css';
import './app/global.css';
import { ApolloProvider } from '@apollo/client/react';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { AppRoutes } from './app/app-routes';
import { isPrerenderedFor } from './app/prerendered-routes';
import { apolloClient } from './graphql/apollo-client';

// Declarative routing (no data router): the pages fetch through Apollo Client, and each page is a lazy chunk
// (routes.tsx), so the entry holds only the shell and the one GraphQL client every page shares.
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

// The served HTML is prerendered for one route (data-route, see web/build/prerender.ts). It is hydrated only
// on that route; any other URL (a product page, an unknown path) served the same file renders from scratch.
if (isPrerenderedFor(container.dataset.route, window.location.pathname, window.location.search)) hydrateRoot(container, app);
else createRoot(container).render(app);
