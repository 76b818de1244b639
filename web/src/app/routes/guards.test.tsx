import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeUser } from '@/testing/fixtures';
import { mockApi, unauthenticated } from '@/testing/mock-api';
import { currentPath, renderApp } from '@/testing/test-utils';

afterEach(() => vi.unstubAllGlobals());

describe('route guards', () => {
  it('shows a loading indicator while the session is checked', async () => {
    let release: (value: unknown) => void = () => undefined;
    mockApi({
      'GET /api/me': () =>
        new Promise((resolve) => {
          release = resolve;
        }).then(() => ({ json: makeUser() })),
    });
    renderApp('/dashboard/tts');
    expect(await screen.findByText('Sitzung wird geprüft...')).toBeInTheDocument();
    expect(screen.queryByTestId('tts-text')).not.toBeInTheDocument();
    release(null);
    await waitFor(() => expect(screen.queryByText('Sitzung wird geprüft...')).not.toBeInTheDocument());
  });

  it.each(['/dashboard', '/dashboard/tts', '/dashboard/account', '/admin/users'])(
    'sends visitors without a session from %s to /auth',
    async (path) => {
      mockApi({ 'GET /api/me': unauthenticated() });
      renderApp(path);
      expect(await screen.findByRole('form', { name: 'Anmelden' })).toBeInTheDocument();
      expect(currentPath()).toBe('/auth');
    },
  );

  it('sends non-admins away from /admin/* to /dashboard', async () => {
    mockApi({ 'GET /api/me': { json: makeUser({ role: 'user' }) } });
    renderApp('/admin/users');
    await waitFor(() => expect(currentPath()).toBe('/dashboard'));
    expect(await screen.findByRole('heading', { name: 'Dashboard', level: 1 })).toBeInTheDocument();
    expect(screen.queryByText('Benutzerverwaltung')).not.toBeInTheDocument();
  });

  it('lets admins open /admin/* and shows the Administration group', async () => {
    mockApi({ 'GET /api/me': { json: makeUser({ role: 'admin', second_factor: true }) } });
    renderApp('/admin/users');
    expect(await screen.findByRole('heading', { name: 'Benutzerverwaltung', level: 1 })).toBeInTheDocument();
    expect(currentPath()).toBe('/admin/users');
    expect(screen.getByTestId('admin-nav')).toHaveTextContent('Administration');
    expect(screen.getByRole('link', { name: 'Stimmenverwaltung' })).toHaveAttribute('href', '/admin/voices');
    expect(screen.getByRole('link', { name: 'API-Einstellungen' })).toHaveAttribute('href', '/admin/api-settings');
  });

  it.each(['/', '/auth'])('sends signed-in users from %s to /dashboard', async (path) => {
    mockApi({ 'GET /api/me': { json: makeUser() } });
    renderApp(path);
    await waitFor(() => expect(currentPath()).toBe('/dashboard'));
  });

  it('returns to /auth when the session ends during use (401 on a read)', async () => {
    mockApi({
      'GET /api/me': { json: makeUser() },
      'GET /api/voices': unauthenticated(),
      'GET /api/jobs': unauthenticated(),
    });
    renderApp('/dashboard/tts');
    await waitFor(() => expect(currentPath()).toBe('/auth'));
  });

  it('shows the landing page to visitors', async () => {
    mockApi({ 'GET /api/me': unauthenticated() });
    renderApp('/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Natürliche Stimmen für Ihre Texte' })).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: /Live Demo/ })[0]).toHaveAttribute('href', '/live-demo');
    expect(screen.getAllByRole('link', { name: 'Anmelden' })[0]).toHaveAttribute('href', '/auth');
    const cards = await screen.findAllByTestId('pricing-card');
    expect(cards).toHaveLength(2);
    expect(cards[0]).toHaveTextContent('1,00 € Startguthaben (= 1.000 Zeichen)');
    expect(cards[0]).not.toHaveTextContent('10.000');
    expect(cards[0]).toHaveTextContent('5 Demo-Stimmen');
    expect(cards[0]).toHaveTextContent('API-Zugang');
    expect(cards[1]).toHaveTextContent('1 Cent pro 10 Zeichen');
    expect(cards[1]).toHaveTextContent('30+ Stimmen');
    expect(cards[1]).toHaveTextContent('Voice Cloning');
  });

  it('shows the 404 page for unknown routes', async () => {
    mockApi({ 'GET /api/me': unauthenticated() });
    renderApp('/gibt-es-nicht');
    expect(await screen.findByText('404')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Seite nicht gefunden' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Zur Startseite' })).toHaveAttribute('href', '/');
  });
});
