import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeUser } from '@/testing/fixtures';
import { apiError, mockApi, unauthenticated } from '@/testing/mock-api';
import { renderApp } from '@/testing/test-utils';
import { rememberSignupEmail } from '../utils/pending-email';

afterEach(() => vi.unstubAllGlobals());

const MISMATCH =
  'Das Passwort passt nicht zur letzten Registrierung mit dieser Adresse. Falls Sie sich nicht zuletzt registriert haben, registrieren Sie sich bitte erneut; der Link der neuesten Bestätigungs-E-Mail gilt dann für Ihr Passwort.';

describe('auth page: confirming an address signed up with more than once', () => {
  it('confirms with the password of the last sign-up, then offers the sign-in', async () => {
    const api = mockApi({ 'GET /api/me': unauthenticated(), 'POST /api/auth/confirm': { status: 204 } });
    const { user } = renderApp('/auth?confirm=abc123');
    const form = await screen.findByRole('form', { name: 'E-Mail-Adresse bestätigen' });
    await user.type(within(form).getByLabelText('Passwort'), 'Sonnenblume-Kaffee-42');
    await user.click(within(form).getByRole('button', { name: 'Adresse bestätigen' }));
    expect(await screen.findByText('E-Mail bestätigt. Sie können sich jetzt anmelden.')).toBeInTheDocument();
    expect(api.callsTo('POST /api/auth/confirm')[0].body).toEqual({ token: 'abc123', password: 'Sonnenblume-Kaffee-42' });
    expect(screen.getByRole('form', { name: 'Anmelden' })).toBeInTheDocument();
  });

  it('shows a password of another sign-up at the field and keeps the form', async () => {
    mockApi({
      'GET /api/me': unauthenticated(),
      'POST /api/auth/confirm': apiError(422, 'validation', 'Ungültige Eingabe', MISMATCH, { password: MISMATCH }),
    });
    const { user } = renderApp('/auth?confirm=abc123');
    const form = await screen.findByRole('form', { name: 'E-Mail-Adresse bestätigen' });
    await user.type(within(form).getByLabelText('Passwort'), 'falsch');
    await user.click(within(form).getByRole('button', { name: 'Adresse bestätigen' }));
    expect(await within(form).findByText(MISMATCH)).toBeInTheDocument();
    expect(within(form).getByLabelText('Passwort')).toHaveFocus();
  });
});

describe('auth page: the address kept from the sign-up to the sign-in after confirming', () => {
  const signInForm = () => screen.findByRole('form', { name: 'Anmelden' });

  it('prefills the sign-in when the confirmation link opens in a new tab, and forgets it after the sign-in', async () => {
    const api = mockApi({
      'GET /api/me': unauthenticated(),
      'POST /api/auth/signup': { status: 201, json: { message: 'ok' } },
      'POST /api/auth/login': { json: makeUser({ email: 'erika@example.de' }) },
    });
    let { user } = renderApp('/auth?tab=signup');
    const signup = await screen.findByRole('form', { name: 'Registrieren' });
    await user.type(within(signup).getByLabelText('Name'), 'Erika Muster');
    await user.type(within(signup).getByLabelText('Organisation'), 'Muster GmbH');
    await user.type(within(signup).getByLabelText('E-Mail'), 'erika@example.de');
    await user.type(within(signup).getByLabelText('Passwort'), 'sehrgeheim');
    await user.click(within(signup).getByRole('button', { name: 'Konto erstellen' }));
    await screen.findByText('Registrierung erfolgreich');
    cleanup();
    // The mail's link, opened in another tab: a fresh page (sessionStorage would be empty).
    window.sessionStorage.clear();
    ({ user } = renderApp('/auth?confirmed=1'));
    expect(await screen.findByText('E-Mail bestätigt. Sie können sich jetzt anmelden.')).toBeInTheDocument();
    const form = await signInForm();
    expect(within(form).getByLabelText('E-Mail')).toHaveValue('erika@example.de');
    await user.type(within(form).getByLabelText('Passwort'), 'sehrgeheim');
    await user.click(within(form).getByRole('button', { name: 'Anmelden' }));
    await waitFor(() => expect(api.callsTo('POST /api/auth/login')).toHaveLength(1));
    await waitFor(() => expect(window.localStorage.getItem('stimmwerk:signup-email')).toBeNull());
  });

  it('prefills it after the confirmation with the password too', async () => {
    mockApi({ 'GET /api/me': unauthenticated(), 'POST /api/auth/confirm': { status: 204 } });
    rememberSignupEmail('max@example.de');
    const { user } = renderApp('/auth?confirm=abc123');
    const confirm = await screen.findByRole('form', { name: 'E-Mail-Adresse bestätigen' });
    await user.type(within(confirm).getByLabelText('Passwort'), 'Sonnenblume-Kaffee-42');
    await user.click(within(confirm).getByRole('button', { name: 'Adresse bestätigen' }));
    expect(within(await signInForm()).getByLabelText('E-Mail')).toHaveValue('max@example.de');
  });

  it('starts empty without a confirmation, or when the sign-up is over a day old', async () => {
    mockApi({ 'GET /api/me': unauthenticated() });
    rememberSignupEmail('alt@example.de', Date.now() - 25 * 60 * 60 * 1000);
    renderApp('/auth?confirmed=1');
    expect(within(await signInForm()).getByLabelText('E-Mail')).toHaveValue('');
    cleanup();
    rememberSignupEmail('neu@example.de');
    renderApp('/auth');
    expect(within(await signInForm()).getByLabelText('E-Mail')).toHaveValue('');
  });
});
