import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, mockApi, unauthenticated } from '@/testing/mock-api';
import { renderApp } from '@/testing/test-utils';

afterEach(() => vi.unstubAllGlobals());

const RESET_SENT = 'Falls für diese Adresse ein Konto besteht, haben wir einen Link zum Zurücksetzen gesendet.';
const RESENT = 'Falls diese Adresse noch bestätigt werden muss, haben wir den Link erneut gesendet.';
const RESEND_BUTTON = 'Bestätigungs-E-Mail erneut senden';

function signedOut(extra: Parameters<typeof mockApi>[0] = {}) {
  return mockApi({ 'GET /api/me': unauthenticated(), ...extra });
}

/** Types the address into the sign-in form and opens "Passwort vergessen?". */
async function openForgotPassword(user: ReturnType<typeof renderApp>['user'], email = 'erika@example.de') {
  const form = await screen.findByRole('form', { name: 'Anmelden' });
  if (email) await user.type(within(form).getByLabelText('E-Mail'), email);
  await user.click(within(form).getByRole('button', { name: 'Passwort vergessen?' }));
  return screen.findByRole('dialog', { name: 'Passwort zurücksetzen' });
}

describe('auth page: forgotten password', () => {
  it('asks for the address (prefilled) and shows the server message in a status region', async () => {
    const api = signedOut({ 'POST /api/auth/password-reset': { status: 202, json: { message: RESET_SENT } } });
    const { user } = renderApp('/auth');
    const dialog = await openForgotPassword(user);
    const field = within(dialog).getByLabelText('E-Mail');
    expect(field).toHaveValue('erika@example.de');
    expect(field).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Link senden' }));
    expect(await within(dialog).findByRole('status')).toHaveTextContent(RESET_SENT);
    const calls = api.callsTo('POST /api/auth/password-reset');
    expect(calls).toHaveLength(1);
    expect(calls[0].body).toEqual({ email: 'erika@example.de' });
    expect(calls[0].headers['x-requested-with']).toBe('stimmwerk');
    // The dialog's submit is not a sign-in attempt.
    expect(api.callsTo('POST /api/auth/login')).toHaveLength(0);
    expect(screen.queryByText('Bitte geben Sie Ihr Passwort ein.')).not.toBeInTheDocument();
    // Closing gives the focus back to the link that opened it.
    await user.click(within(dialog).getByRole('button', { name: 'Zurück zur Anmeldung' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Passwort vergessen?' })).toHaveFocus();
  });

  it('checks the address before sending', async () => {
    const api = signedOut();
    const { user } = renderApp('/auth');
    const dialog = await openForgotPassword(user, '');
    await user.click(within(dialog).getByRole('button', { name: 'Link senden' }));
    expect(await within(dialog).findByText('Bitte geben Sie Ihre E-Mail-Adresse ein.')).toBeInTheDocument();
    expect(api.callsTo('POST /api/auth/password-reset')).toHaveLength(0);
  });

  it('shows the server field error under the address', async () => {
    signedOut({
      'POST /api/auth/password-reset': apiError(422, 'validation', 'Eingabe ungültig', 'Bitte prüfen Sie Ihre Eingaben.', {
        email: 'Diese E-Mail-Adresse ist ungültig.',
      }),
    });
    const { user } = renderApp('/auth');
    const dialog = await openForgotPassword(user, 'erika@example.de');
    await user.click(within(dialog).getByRole('button', { name: 'Link senden' }));
    expect(await within(dialog).findByText('Diese E-Mail-Adresse ist ungültig.')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('E-Mail')).toHaveAttribute('aria-invalid', 'true');
    expect(within(dialog).getByRole('status')).toBeEmptyDOMElement();
  });

  it('says when too many links were requested (429)', async () => {
    signedOut({
      'POST /api/auth/password-reset': {
        ...apiError(429, 'rate_limited', 'Zu viele Anfragen', 'Zu viele Versuche.'),
        headers: { 'Retry-After': '1800' },
      },
    });
    const { user } = renderApp('/auth');
    const dialog = await openForgotPassword(user);
    await user.click(within(dialog).getByRole('button', { name: 'Link senden' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('Link nicht gesendet');
    expect(alert).toHaveTextContent('Bitte warten Sie');
    expect(within(dialog).getByRole('status')).toBeEmptyDOMElement();
  });

  it('opens at once from an invalid reset link (?forgot=1)', async () => {
    signedOut();
    renderApp('/auth?forgot=1');
    const dialog = await screen.findByRole('dialog', { name: 'Passwort zurücksetzen' });
    expect(within(dialog).getByLabelText('E-Mail')).toHaveValue('');
  });
});

describe('auth page: notice after a new password', () => {
  it('says the password was changed, on the sign-in tab', async () => {
    signedOut();
    renderApp('/auth?reset=1&tab=signup');
    const notice = await screen.findByText('Ihr Passwort wurde geändert. Bitte melden Sie sich mit dem neuen Passwort an.');
    expect(notice.closest('[role="status"]')).not.toBeNull();
    expect(screen.getByRole('tab', { name: 'Anmelden' })).toHaveAttribute('aria-selected', 'true');
  });
});

describe('auth page: unconfirmed or disabled account', () => {
  const notConfirmed = apiError(
    403,
    'email_not_confirmed',
    'Anmeldung fehlgeschlagen',
    'Bitte bestätigen Sie zuerst Ihre E-Mail-Adresse über den Link in der Bestätigungs-E-Mail.',
  );

  async function signIn(user: ReturnType<typeof renderApp>['user']) {
    const form = await screen.findByRole('form', { name: 'Anmelden' });
    await user.type(within(form).getByLabelText('E-Mail'), 'erika@example.de');
    await user.type(within(form).getByLabelText('Passwort'), 'sehrgeheim');
    await user.click(within(form).getByRole('button', { name: 'Anmelden' }));
    return form;
  }

  it('offers to send the confirmation mail again and shows the answer', async () => {
    const api = signedOut({
      'POST /api/auth/login': notConfirmed,
      'POST /api/auth/confirmation': { status: 202, json: { message: RESENT } },
    });
    const { user } = renderApp('/auth');
    const form = await signIn(user);
    expect(await within(form).findByRole('alert')).toHaveTextContent('Bitte bestätigen Sie zuerst Ihre E-Mail-Adresse');
    await user.click(within(form).getByRole('button', { name: RESEND_BUTTON }));
    const message = await within(form).findByText(RESENT);
    expect(message.closest('[role="status"]')).not.toBeNull();
    expect(api.callsTo('POST /api/auth/confirmation')[0].body).toEqual({ email: 'erika@example.de' });
  });

  it('shows why the confirmation mail was not sent', async () => {
    signedOut({
      'POST /api/auth/login': notConfirmed,
      'POST /api/auth/confirmation': apiError(429, 'rate_limited', 'Zu viele Anfragen', 'Zu viele Versuche. Bitte warten Sie etwa 40 Minuten.'),
    });
    const { user } = renderApp('/auth');
    const form = await signIn(user);
    await user.click(await within(form).findByRole('button', { name: RESEND_BUTTON }));
    const alert = await within(form).findByText('Zu viele Versuche. Bitte warten Sie etwa 40 Minuten.');
    expect(alert.closest('[role="alert"]')).toHaveTextContent('Bestätigungs-E-Mail nicht gesendet');
  });

  it('offers no resend for other failures, and shows a disabled account as an alert', async () => {
    signedOut({
      'POST /api/auth/login': apiError(403, 'account_disabled', 'Konto gesperrt', 'Dieses Konto ist gesperrt. Bitte wenden Sie sich an den Support.'),
    });
    const { user } = renderApp('/auth');
    const form = await signIn(user);
    const alert = await within(form).findByRole('alert');
    expect(alert).toHaveTextContent('Dieses Konto ist gesperrt. Bitte wenden Sie sich an den Support.');
    expect(within(form).queryByRole('button', { name: RESEND_BUTTON })).not.toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveAttribute('data-pathname', '/auth');
  });
});
