import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeUser } from '@/testing/fixtures';
import { apiError, mockApi } from '@/testing/mock-api';
import { currentPath, renderApp } from '@/testing/test-utils';

afterEach(() => vi.unstubAllGlobals());

const heading = () => screen.findByRole('heading', { level: 1, name: 'Zwei-Faktor-Anmeldung erforderlich' }, { timeout: 5000 });

describe('admin area without a second factor', () => {
  it('explains that the admin area needs two-factor sign-in and links to the account card', async () => {
    const api = mockApi({
      'GET /api/me': { json: makeUser({ role: 'admin', second_factor: false }) },
      'GET /api/account/two-factor': { json: { enabled: false } },
    });
    renderApp('/admin/users');
    await heading();
    expect(screen.queryByRole('heading', { name: 'Benutzerverwaltung' })).not.toBeInTheDocument();
    expect(await screen.findByText(/Richten Sie die Zwei-Faktor-Anmeldung/)).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Zwei-Faktor-Anmeldung einrichten' })).toHaveAttribute(
      'href',
      '/dashboard/account#zwei-faktor',
    );
    expect(api.calls.some((c) => c.path.startsWith('/api/admin/'))).toBe(false);
  });

  it('tells an admin with two-factor on to sign in again with a code', async () => {
    mockApi({
      'GET /api/me': { json: makeUser({ role: 'admin', second_factor: false }) },
      'GET /api/account/two-factor': { json: { enabled: true } },
      'POST /api/auth/logout': { status: 204 },
    });
    const { user } = renderApp('/admin/api-settings');
    await heading();
    expect(await screen.findByText(/diese Sitzung wurde ohne Code begonnen/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Abmelden und neu anmelden' }));
    await waitFor(() => expect(currentPath()).toBe('/auth'));
  });

  it('shows the notice instead of an error when an admin request answers 403 second_factor_required', async () => {
    mockApi({
      'GET /api/me': { json: makeUser({ role: 'admin', second_factor: true }) },
      'GET /api/account/two-factor': { json: { enabled: true } },
      'GET /api/admin/users': apiError(403, 'second_factor_required', 'Zwei-Faktor-Anmeldung nötig', 'Zwei-Faktor nötig.'),
      'GET /api/admin/users/stats': apiError(403, 'second_factor_required', 'Zwei-Faktor-Anmeldung nötig', 'Zwei-Faktor nötig.'),
    });
    renderApp('/admin/users');
    await heading();
    expect(screen.queryByText('Benutzer konnten nicht geladen werden.')).not.toBeInTheDocument();
  });
});
