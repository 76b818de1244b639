import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, mockApi, unauthenticated } from '@/testing/mock-api';
import { setSessionUser } from '@/lib/auth';
import { makeUser } from '@/testing/fixtures';
import { createTestQueryClient, currentPath, renderApp } from '@/testing/test-utils';

afterEach(() => vi.unstubAllGlobals());

const INVALID = 'Der Link ist ungültig oder abgelaufen. Bitte fordern Sie einen neuen an.';
const CHANGED = 'Ihr Passwort wurde geändert. Bitte melden Sie sich mit dem neuen Passwort an.';

function setup(extra: Parameters<typeof mockApi>[0] = {}) {
  // The link works unless a test says otherwise.
  return mockApi({ 'GET /api/me': unauthenticated(), 'GET /api/auth/password-reset': { status: 204 }, ...extra });
}

async function fillAndSubmit(user: ReturnType<typeof renderApp>['user'], password: string, repeat = password) {
  const form = await screen.findByRole('form', { name: 'Neues Passwort festlegen' });
  await user.type(within(form).getByLabelText('Neues Passwort'), password);
  await user.type(within(form).getByLabelText('Neues Passwort wiederholen'), repeat);
  await user.click(within(form).getByRole('button', { name: 'Passwort speichern' }));
  return form;
}

describe('reset password page', () => {
  it('focuses its heading on load', async () => {
    setup();
    renderApp('/auth/reset?token=abc');
    const heading = await screen.findByRole('heading', { level: 1, name: 'Neues Passwort festlegen' });
    await waitFor(() => expect(heading).toHaveFocus());
  });

  it('sets the new password and opens the sign-in tab with a notice', async () => {
    const api = setup({ 'POST /api/auth/password-reset/confirm': { status: 204 } });
    const { user } = renderApp('/auth/reset?token=t0k3n-abc');
    await fillAndSubmit(user, 'Neues-Passwort-456');
    expect(await screen.findByText(CHANGED)).toBeInTheDocument();
    expect(currentPath()).toBe('/auth');
    expect(screen.getByTestId('location')).toHaveAttribute('data-search', '?reset=1');
    expect(screen.getByRole('form', { name: 'Anmelden' })).toBeInTheDocument();
    const [call] = api.callsTo('POST /api/auth/password-reset/confirm');
    expect(call.body).toEqual({ token: 't0k3n-abc', password: 'Neues-Passwort-456' });
    expect(call.headers['x-requested-with']).toBe('stimmwerk');
  });

  it('drops a session this browser had (the server ended it) instead of opening the dashboard', async () => {
    setup({ 'POST /api/auth/password-reset/confirm': { status: 204 } });
    const queryClient = createTestQueryClient();
    setSessionUser(queryClient, makeUser());
    const { user } = renderApp('/auth/reset?token=abc', queryClient);
    await fillAndSubmit(user, 'Neues-Passwort-456');
    expect(await screen.findByText(CHANGED)).toBeInTheDocument();
    expect(currentPath()).toBe('/auth');
  });

  it('asks for equal passwords of at least 8 characters before sending', async () => {
    const api = setup();
    const { user } = renderApp('/auth/reset?token=abc');
    let form = await fillAndSubmit(user, 'Neues-Passwort-456', 'Neues-Passwort-457');
    expect(await within(form).findByText('Die Passwörter stimmen nicht überein.')).toBeInTheDocument();
    expect(within(form).getByLabelText('Neues Passwort wiederholen')).toHaveAttribute('aria-invalid', 'true');
    await user.clear(within(form).getByLabelText('Neues Passwort'));
    await user.clear(within(form).getByLabelText('Neues Passwort wiederholen'));
    form = await fillAndSubmit(user, 'kurz', 'kurz');
    expect(await within(form).findByText('Das Passwort muss mindestens 8 Zeichen lang sein.')).toBeInTheDocument();
    expect(api.callsTo('POST /api/auth/password-reset/confirm')).toHaveLength(0);
  });

  it('shows the password policy error under the field', async () => {
    setup({
      'POST /api/auth/password-reset/confirm': apiError(422, 'validation', 'Passwort zu schwach', 'Bitte prüfen Sie Ihre Eingaben.', {
        password: 'Dieses Passwort ist zu verbreitet. Bitte wählen Sie ein anderes.',
      }),
    });
    const { user } = renderApp('/auth/reset?token=abc');
    const form = await fillAndSubmit(user, 'passwort1');
    const field = within(form).getByLabelText('Neues Passwort');
    expect(await within(form).findByText('Dieses Passwort ist zu verbreitet. Bitte wählen Sie ein anderes.')).toBeInTheDocument();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveFocus();
    expect(screen.queryByText(INVALID)).not.toBeInTheDocument();
  });

  it('shows the invalid-link message with a way to ask for a new link', async () => {
    setup({ 'POST /api/auth/password-reset/confirm': apiError(422, 'validation', 'Link ungültig', INVALID) });
    const { user } = renderApp('/auth/reset?token=used');
    await fillAndSubmit(user, 'Neues-Passwort-456');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Link ungültig');
    expect(alert).toHaveTextContent(INVALID);
    expect(screen.queryByRole('form', { name: 'Neues Passwort festlegen' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Neuen Link anfordern' }));
    expect(await screen.findByRole('dialog', { name: 'Passwort zurücksetzen' })).toBeInTheDocument();
    expect(currentPath()).toBe('/auth');
  });

  it('shows the invalid-link message without a token', async () => {
    const api = setup();
    renderApp('/auth/reset');
    expect(await screen.findByRole('alert')).toHaveTextContent(INVALID);
    expect(screen.getByRole('link', { name: 'Neuen Link anfordern' })).toHaveAttribute('href', '/auth?forgot=1');
    expect(screen.queryByLabelText('Neues Passwort')).not.toBeInTheDocument();
    expect(api.callsTo('POST /api/auth/password-reset/confirm')).toHaveLength(0);
    expect(api.callsTo('GET /api/auth/password-reset')).toHaveLength(0);
  });

  it('checks the link on opening and shows the form while it works', async () => {
    let release: () => void = () => undefined;
    const api = setup({
      'GET /api/auth/password-reset': () => new Promise<void>((r) => (release = r)).then(() => ({ status: 204 })),
    });
    renderApp('/auth/reset?token=t0k3n%2Babc');
    expect(await screen.findByText('Link wird geprüft...')).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Neues Passwort festlegen' })).not.toBeInTheDocument();
    release();
    expect(await screen.findByRole('form', { name: 'Neues Passwort festlegen' })).toBeInTheDocument();
    const [call] = api.callsTo('GET /api/auth/password-reset');
    expect(new URL(call.url, 'http://localhost').searchParams.get('token')).toBe('t0k3n+abc');
    expect(screen.queryByText(INVALID)).not.toBeInTheDocument();
  });

  it('says at once when the link is used, expired or unknown, instead of the form', async () => {
    const api = setup({ 'GET /api/auth/password-reset': apiError(422, 'validation', 'Link ungültig', INVALID) });
    const { user } = renderApp('/auth/reset?token=used');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Link ungültig');
    expect(alert).toHaveTextContent(INVALID);
    expect(screen.queryByRole('form', { name: 'Neues Passwort festlegen' })).not.toBeInTheDocument();
    expect(api.callsTo('POST /api/auth/password-reset/confirm')).toHaveLength(0);
    await user.click(screen.getByRole('link', { name: 'Neuen Link anfordern' }));
    expect(await screen.findByRole('dialog', { name: 'Passwort zurücksetzen' })).toBeInTheDocument();
  });

  it('offers a retry when the link cannot be checked', async () => {
    const api = setup({ 'GET /api/auth/password-reset': { status: 500 } });
    const { user } = renderApp('/auth/reset?token=abc');
    expect(await screen.findByText('Der Link konnte nicht geprüft werden')).toBeInTheDocument();
    api.on('GET /api/auth/password-reset', { status: 204 });
    await user.click(screen.getByRole('button', { name: 'Erneut versuchen' }));
    expect(await screen.findByRole('form', { name: 'Neues Passwort festlegen' })).toBeInTheDocument();
  });

  it('shows other failures in the form', async () => {
    setup({ 'POST /api/auth/password-reset/confirm': { status: 500 } });
    const { user } = renderApp('/auth/reset?token=abc');
    const form = await fillAndSubmit(user, 'Neues-Passwort-456');
    const alert = await within(form).findByRole('alert');
    expect(alert).toHaveTextContent('Passwort nicht geändert');
    expect(currentPath()).toBe('/auth/reset');
  });
});
