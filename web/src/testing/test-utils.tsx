import { QueryClient } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { AppProvider, createAppQueryClient } from '@/app/provider';
import { AppRoutes } from '@/app/router';

/** The app's query client without retries (failures show at once in tests). */
export function createTestQueryClient(): QueryClient {
  const client = createAppQueryClient();
  client.setDefaultOptions({
    queries: { ...client.getDefaultOptions().queries, retry: false },
    mutations: { ...client.getDefaultOptions().mutations, retry: false },
  });
  return client;
}

function LocationProbe() {
  const location = useLocation();
  return <div data-testid="location" data-pathname={location.pathname} data-search={location.search} hidden />;
}

/** Renders the whole app (providers, guards, routes) at `path`. */
export function renderApp(path = '/', queryClient = createTestQueryClient()) {
  const user = userEvent.setup();
  const result = render(
    <AppProvider queryClient={queryClient}>
      <MemoryRouter initialEntries={[path]}>
        <AppRoutes />
        <LocationProbe />
      </MemoryRouter>
    </AppProvider>,
  );
  return { ...result, user, queryClient };
}

/** Renders one element inside the providers and a router. */
export function renderWithProviders(ui: ReactElement, { path = '/', queryClient = createTestQueryClient() } = {}) {
  const user = userEvent.setup();
  const result = render(
    <AppProvider queryClient={queryClient}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="*" element={ui} />
        </Routes>
        <LocationProbe />
      </MemoryRouter>
    </AppProvider>,
  );
  return { ...result, user, queryClient };
}

export function currentPath(): string {
  return screen.getByTestId('location').getAttribute('data-pathname') ?? '';
}

/** Picks an option of a (Radix) select by the select's label and the option's text. */
export async function chooseOption(user: ReturnType<typeof userEvent.setup>, label: string, option: string | RegExp) {
  await user.click(screen.getByLabelText(label));
  await user.click(await screen.findByRole('option', { name: option }));
}
