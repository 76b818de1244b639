import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeUser } from '@/testing/fixtures';
import { mockApi } from '@/testing/mock-api';
import { currentPath, renderApp } from '@/testing/test-utils';
import { readSidebarCookie, sidebarCookieValue } from '../hooks/sidebar-state';

afterEach(() => vi.unstubAllGlobals());

describe('sidebar cookie', () => {
  it('is open by default and reads the saved state', () => {
    expect(readSidebarCookie('')).toBe(true);
    expect(readSidebarCookie('foo=1; sidebar_state=false')).toBe(false);
    expect(readSidebarCookie('sidebar_state=true')).toBe(true);
  });

  it('lives for seven days on the whole site', () => {
    expect(sidebarCookieValue(false)).toBe('sidebar_state=false; path=/; max-age=604800; SameSite=Lax');
  });
});

describe('dashboard layout', () => {
  it('shows the menu, balance, user name and sign-out', async () => {
    mockApi({ 'GET /api/me': { json: makeUser({ balance_cent: 100, name: 'Erika Muster' }) } });
    renderApp('/dashboard/voice-cloning');
    expect(await screen.findByTestId('balance-badge')).toHaveTextContent('1,00 €');
    expect(screen.getByTestId('user-name')).toHaveTextContent('Erika Muster');
    for (const label of ['Dashboard', 'Text zu Sprache', 'Stimmen Klonen', 'Speak Knowledge', 'Account']) {
      expect(screen.getByRole('link', { name: label })).toBeInTheDocument();
    }
    expect(screen.getByRole('button', { name: 'API' })).toBeInTheDocument();
    expect(screen.queryByTestId('admin-nav')).not.toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Stimmen Klonen', level: 1 })).toBeInTheDocument();
  });

  it('shows the e-mail when the user has no name', async () => {
    mockApi({ 'GET /api/me': { json: makeUser({ name: '' }) } });
    renderApp('/dashboard');
    expect(await screen.findByTestId('user-name')).toHaveTextContent('erika@example.de');
  });

  it('expands the API group with its four pages', async () => {
    mockApi({ 'GET /api/me': { json: makeUser() } });
    const { user } = renderApp('/dashboard');
    await user.click(await screen.findByRole('button', { name: 'API' }));
    expect(screen.getByRole('link', { name: 'API Dashboard' })).toHaveAttribute('href', '/dashboard/api');
    expect(screen.getByRole('link', { name: 'API Scripts' })).toHaveAttribute('href', '/dashboard/api/scripts');
    expect(screen.getByRole('link', { name: 'API Settings' })).toHaveAttribute('href', '/dashboard/api/settings');
    expect(screen.getByRole('link', { name: 'API Dokumentation' })).toHaveAttribute('href', '/dashboard/api/docs');
    await user.click(screen.getByRole('link', { name: 'API Scripts' }));
    expect(await screen.findByRole('heading', { name: 'API Scripts', level: 1 })).toBeInTheDocument();
  });

  it('toggles with the button and Ctrl/Cmd+B and remembers the state in a cookie', async () => {
    mockApi({ 'GET /api/me': { json: makeUser() } });
    const { user } = renderApp('/dashboard');
    const sidebar = await screen.findByTestId('sidebar');
    expect(sidebar).toHaveAttribute('data-state', 'open');

    await user.click(screen.getByTestId('sidebar-toggle'));
    expect(sidebar).toHaveAttribute('data-state', 'closed');
    expect(document.cookie).toContain('sidebar_state=false');

    fireEvent.keyDown(window, { key: 'b', ctrlKey: true });
    expect(sidebar).toHaveAttribute('data-state', 'open');
    expect(document.cookie).toContain('sidebar_state=true');

    fireEvent.keyDown(window, { key: 'b', metaKey: true });
    expect(sidebar).toHaveAttribute('data-state', 'closed');
  });

  it('starts collapsed when the cookie says so', async () => {
    document.cookie = 'sidebar_state=false; path=/';
    mockApi({ 'GET /api/me': { json: makeUser() } });
    renderApp('/dashboard');
    expect(await screen.findByTestId('sidebar')).toHaveAttribute('data-state', 'closed');
  });

  it('signs out and returns to /auth', async () => {
    const api = mockApi({ 'GET /api/me': { json: makeUser() }, 'POST /api/auth/logout': { status: 204 } });
    const { user } = renderApp('/dashboard');
    await user.click(await screen.findByRole('button', { name: /^Benutzermenü/ }));
    await user.click(await screen.findByRole('menuitem', { name: 'Abmelden' }));
    await waitFor(() => expect(currentPath()).toBe('/auth'));
    expect(api.callsTo('POST /api/auth/logout')[0].headers['x-requested-with']).toBe('stimmwerk');
  });
});
