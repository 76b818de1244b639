import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeUser } from '@/testing/fixtures';
import { apiError, mockApi, unauthenticated } from '@/testing/mock-api';
import { currentPath, renderApp } from '@/testing/test-utils';

afterEach(() => vi.unstubAllGlobals());

function signedOut(extra: Parameters<typeof mockApi>[0] = {}) {
  return mockApi({ 'GET /api/me': unauthenticated(), ...extra });
}

async function openSignup(user: ReturnType<typeof renderApp>['user']) {
  await user.click(await screen.findByRole('tab', { name: 'Registrieren' }));
  return screen.getByRole('form', { name: 'Registrieren' });
}

describe('auth page: sign-in', () => {
  it('shows required messages and sends nothing for an empty form', async () => {
    const api = signedOut();
    const { user } = renderApp('/auth');
    const form = await screen.findByRole('form', { name: 'Anmelden' });
    await user.click(within(form).getByRole('button', { name: 'Anmelden' }));
    expect(await within(form).findByText('Bitte geben Sie Ihre E-Mail-Adresse ein.')).toBeInTheDocument();
    expect(within(form).getByText('Bitte geben Sie Ihr Passwort ein.')).toBeInTheDocument();
    expect(api.callsTo('POST /api/auth/login')).toHaveLength(0);
  });

  it('rejects an invalid e-mail address', async () => {
    signedOut();
    const { user } = renderApp('/auth');
    const form = await screen.findByRole('form', { name: 'Anmelden' });
    await user.type(within(form).getByLabelText('E-Mail'), 'keine-adresse');
    await user.type(within(form).getByLabelText('Passwort'), 'geheim123');
    await user.click(within(form).getByRole('button', { name: 'Anmelden' }));
    expect(await within(form).findByText('Bitte geben Sie eine gültige E-Mail-Adresse ein.')).toBeInTheDocument();
    expect(within(form).getByLabelText('E-Mail')).toHaveAttribute('aria-invalid', 'true');
  });

  it('signs in, greets the user and opens the dashboard', async () => {
    const api = signedOut({ 'POST /api/auth/login': { json: makeUser() } });
    const { user } = renderApp('/auth');
    const form = await screen.findByRole('form', { name: 'Anmelden' });
    await user.type(within(form).getByLabelText('E-Mail'), 'erika@example.de');
    await user.type(within(form).getByLabelText('Passwort'), 'sehrgeheim');
    await user.click(within(form).getByRole('button', { name: 'Anmelden' }));
    expect(await screen.findByText('Erfolgreich angemeldet')).toBeInTheDocument();
    expect(screen.getByText('Willkommen zurück')).toBeInTheDocument();
    await waitFor(() => expect(currentPath()).toBe('/dashboard'));
    const [call] = api.callsTo('POST /api/auth/login');
    expect(call.body).toEqual({ email: 'erika@example.de', password: 'sehrgeheim' });
    expect(call.headers['x-requested-with']).toBe('stimmwerk');
  });

  it('shows the server message when the sign-in fails', async () => {
    signedOut({
      'POST /api/auth/login': apiError(401, 'invalid_credentials', 'Anmeldung fehlgeschlagen', 'E-Mail oder Passwort ist falsch.'),
    });
    const { user } = renderApp('/auth');
    const form = await screen.findByRole('form', { name: 'Anmelden' });
    await user.type(within(form).getByLabelText('E-Mail'), 'erika@example.de');
    await user.type(within(form).getByLabelText('Passwort'), 'falsch123');
    await user.click(within(form).getByRole('button', { name: 'Anmelden' }));
    // Inline in the form, announced as an alert (not only a toast).
    const alert = await within(form).findByRole('alert');
    expect(alert).toHaveTextContent('Anmeldung fehlgeschlagen');
    expect(alert).toHaveTextContent('E-Mail oder Passwort ist falsch.');
    expect(currentPath()).toBe('/auth');
  });
});

describe('auth page: sign-up', () => {
  it('requires every field', async () => {
    const api = signedOut();
    const { user } = renderApp('/auth');
    const form = await openSignup(user);
    await user.click(within(form).getByRole('button', { name: 'Konto erstellen' }));
    expect(await within(form).findByText('Bitte geben Sie Ihren Namen ein.')).toBeInTheDocument();
    expect(within(form).getByText('Bitte geben Sie Ihre Organisation ein.')).toBeInTheDocument();
    expect(within(form).getByText('Bitte geben Sie Ihre E-Mail-Adresse ein.')).toBeInTheDocument();
    expect(within(form).getByText('Bitte geben Sie ein Passwort ein.')).toBeInTheDocument();
    expect(api.callsTo('POST /api/auth/signup')).toHaveLength(0);
  });

  it('requires a password of at least 8 characters and a valid e-mail', async () => {
    signedOut();
    const { user } = renderApp('/auth');
    const form = await openSignup(user);
    await user.type(within(form).getByLabelText('Name'), 'Erika');
    await user.type(within(form).getByLabelText('Organisation'), 'Muster GmbH');
    await user.type(within(form).getByLabelText('E-Mail'), 'erika@');
    await user.type(within(form).getByLabelText('Passwort'), '1234567');
    await user.click(within(form).getByRole('button', { name: 'Konto erstellen' }));
    expect(await within(form).findByText('Das Passwort muss mindestens 8 Zeichen lang sein.')).toBeInTheDocument();
    expect(within(form).getByText('Bitte geben Sie eine gültige E-Mail-Adresse ein.')).toBeInTheDocument();
    expect(within(form).queryByText('Bitte geben Sie Ihren Namen ein.')).not.toBeInTheDocument();
  });

  it('registers and asks the user to confirm the e-mail', async () => {
    const api = signedOut({ 'POST /api/auth/signup': { status: 201, json: { message: 'ok' } } });
    const { user } = renderApp('/auth');
    const form = await openSignup(user);
    await user.type(within(form).getByLabelText('Name'), 'Erika Muster');
    await user.type(within(form).getByLabelText('Organisation'), 'Muster GmbH');
    await user.type(within(form).getByLabelText('E-Mail'), 'erika@example.de');
    await user.type(within(form).getByLabelText('Passwort'), 'sehrgeheim');
    await user.click(within(form).getByRole('button', { name: 'Konto erstellen' }));
    expect(await screen.findByText('Registrierung erfolgreich')).toBeInTheDocument();
    expect(screen.getByText('Bitte überprüfen Sie Ihre E-Mail zur Bestätigung')).toBeInTheDocument();
    expect(api.callsTo('POST /api/auth/signup')[0].body).toEqual({
      name: 'Erika Muster',
      organization: 'Muster GmbH',
      email: 'erika@example.de',
      password: 'sehrgeheim',
    });
    // Back on the sign-in tab with the address filled in.
    const login = await screen.findByRole('form', { name: 'Anmelden' });
    expect(within(login).getByLabelText('E-Mail')).toHaveValue('erika@example.de');
  });

  it('shows the server field errors under the fields and a failure toast', async () => {
    signedOut({
      'POST /api/auth/signup': apiError(409, 'conflict', 'Registrierung fehlgeschlagen', 'Diese E-Mail-Adresse ist bereits registriert.', {
        email: 'Diese E-Mail-Adresse ist bereits registriert.',
      }),
    });
    const { user } = renderApp('/auth');
    const form = await openSignup(user);
    await user.type(within(form).getByLabelText('Name'), 'Erika Muster');
    await user.type(within(form).getByLabelText('Organisation'), 'Muster GmbH');
    await user.type(within(form).getByLabelText('E-Mail'), 'erika@example.de');
    await user.type(within(form).getByLabelText('Passwort'), 'sehrgeheim');
    await user.click(within(form).getByRole('button', { name: 'Konto erstellen' }));
    expect(await screen.findByText('Registrierung fehlgeschlagen')).toBeInTheDocument();
    expect(within(form).getByRole('alert')).toHaveTextContent('Diese E-Mail-Adresse ist bereits registriert.');
    expect(within(form).getByLabelText('E-Mail')).toHaveAttribute('aria-invalid', 'true');
  });
});

describe('auth page: confirmation notice', () => {
  it('says the address was confirmed', async () => {
    signedOut();
    renderApp('/auth?confirmed=1');
    expect(await screen.findByText('E-Mail bestätigt. Sie können sich jetzt anmelden.')).toBeInTheDocument();
  });

  it('says the link is invalid or expired', async () => {
    signedOut();
    renderApp('/auth?confirmed=0');
    expect(await screen.findByText('Der Bestätigungslink ist ungültig oder abgelaufen.')).toBeInTheDocument();
  });

  it('shows no notice without the parameter', async () => {
    signedOut();
    renderApp('/auth');
    await screen.findByRole('form', { name: 'Anmelden' });
    expect(screen.queryByText(/E-Mail bestätigt/)).not.toBeInTheDocument();
  });
});
