import { ApolloProvider } from '@apollo/client/react';
import { StrictMode, startTransition, type ReactNode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { AppRoutes } from './app/routes';
import { cartLogic } from './features/cart/cart-actor';
import { isPrerenderedFor } from './shared/route-table';
import { readServerState } from './graphql/server-state';
import { hydrateFrom, loadApolloClient, useStoreClient } from './graphql/store-client';
import { onFirstInput } from './shared/first-input';
import { registerServiceWorker } from './shared/offline-support';
import { loadSonner } from './shared/toasts';

// Loaded by boot.ts once the page has loaded; it calls start() once the whole stylesheet has loaded too. Each
// page is a lazy chunk (routes.tsx), and so is Apollo Client: until needed, the hooks read the results the page
// was rendered from (server-results-client.ts).
const container = document.getElementById('root')!;

function StoreClientProvider({ children }: { children: ReactNode }) {
  return <ApolloProvider client={useStoreClient()}>{children}</ApolloProvider>;
}

const app = (
  <StrictMode>
    <StoreClientProvider>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </StoreClientProvider>
  </StrictMode>
);

// The served HTML was rendered for one URL (data-route): a route shell at build time, or a page with its data
// by the BFF, which then also sends the results it rendered from. It is hydrated only on that URL; any other
// one served the same file (an unknown path, a page the BFF could not render) renders from scratch.
// Started in a task of its own: the app's code has just been evaluated in one long task, and a phone gets its main
// thread back between the two (reading the page's results and creating the root are about a third of that task).
export function start(): void {
  // The cart's statechart (about 2 ms of CPU on this machine) is built in a task before hydration's, not inside
  // the hydration slice that renders the cart's provider: React cannot yield within one component's render.
  setTimeout(cartLogic, 0);
  setTimeout(() => {
    if (isPrerenderedFor(container.dataset.route, window.location.pathname, window.location.search)) {
      hydrateFrom(readServerState(document) ?? []);
      startTransition(() => {
        hydrateRoot(container, app);
      });
    } else {
      createRoot(container).render(app);
    }
  }, 0);
}
// What a first visit left out is fetched when the shopper starts using the page.
onFirstInput(() => {
  loadApolloClient().catch(() => undefined);
  void loadSonner();
});
registerServiceWorker();
