import { ApolloProvider } from '@apollo/client/react';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { AppRoutes } from '../app/routes';
import { apolloClient } from '../graphql/apollo-client';
import { type GraphQLMock, mockGraphQL } from './graphql-mock';

// Shows the router's current URL so tests can assert what the app wrote into it.
function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname + location.search}</output>;
}

export function locationText(container: HTMLElement): string {
  return container.querySelector('[data-testid="location"]')?.textContent ?? '';
}

/** The whole app (shell + lazy pages) at `url`, with GraphQL answered by `mocks`. */
export function renderApp(url: string, mocks: readonly GraphQLMock[] = []) {
  return renderWithProviders(<AppRoutes />, url, mocks);
}

export function renderWithProviders(ui: ReactNode, url = '/', mocks: readonly GraphQLMock[] = []) {
  const requests = mockGraphQL(mocks);
  return {
    requests,
    ...render(
      // The app's own client (the cart calls it directly too): a new one for each test (setup.ts).
      <ApolloProvider client={apolloClient}>
        <MemoryRouter initialEntries={[url]}>
          {ui}
          <LocationProbe />
        </MemoryRouter>
      </ApolloProvider>,
    ),
  };
}
