import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, mockApi, unauthenticated } from '@/testing/mock-api';
import { renderApp } from '@/testing/test-utils';

afterEach(() => vi.unstubAllGlobals());

const SENT = 'Falls für diese Adresse ein Konto besteht, haben wir einen Anmeldelink gesendet.';
const LINK_BUTTON = 'Anmeldelink per E-Mail senden';

function signedOut(extra: Parameters<typeof mockApi>[0] = {}) {
  return mockApi({ 'GET /api/me': unauthenticated(), ...extra });
}

describe('auth page: sign-in link', () => {
  it('sends a link to the typed address and shows the answer in a status region', async () => {
    const api = signedOut({ 'POST /api/auth/login-link': { status: 202, json: { message: SENT } } });
    const { user } = renderApp('/auth');
    const form = await screen.findByRole('form', { name: 'Anmelden' });
    await user.type(within(form).getByLabelText('E-Mail'), '  erika@example.de ');
    await user.click(within(form).getByRole('button', { name: LINK_BUTTON }));
    expect(await within(form).findByRole('status')).toHaveTextContent(SENT);
    const calls = api.callsTo('POST /api/auth/login-link');
    expect(calls).toHaveLength(1);
    expect(calls[0].body).toEqual({ email: 'erika@example.de' });
    expect(calls[0].headers['x-requested-with']).toBe('stimmwerk');
    // No password needed, no sign-in attempted.
    expect(within(form).queryByText('Bitte geben Sie Ihr Passwort ein.')).not.toBeInTheDocument();
    expect(api.callsTo('POST /api/auth/login')).toHaveLength(0);
  });

  it('asks for the address first and sends nothing without one', async () => {
    const api = signedOut();
    const { user } = renderApp('/auth');
    const form = await screen.findByRole('form', { name: 'Anmelden' });
    await user.click(within(form).getByRole('button', { name: LINK_BUTTON }));
    expect(await within(form).findByText('Bitte geben Sie Ihre E-Mail-Adresse ein.')).toBeInTheDocument();
    const email = within(form).getByLabelText('E-Mail');
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveFocus();
    await user.type(email, 'keine-adresse');
    await user.click(within(form).getByRole('button', { name: LINK_BUTTON }));
    expect(await within(form).findByText('Bitte geben Sie eine gültige E-Mail-Adresse ein.')).toBeInTheDocument();
    expect(api.callsTo('POST /api/auth/login-link')).toHaveLength(0);
  });

  it('shows the server field error for an address the server refuses', async () => {
    signedOut({
      'POST /api/auth/login-link': apiError(422, 'validation', 'Ungültige Eingabe', 'Bitte prüfen Sie Ihre Eingaben.', {
        email: 'Diese E-Mail-Adresse ist ungültig.',
      }),
    });
    const { user } = renderApp('/auth');
    const form = await screen.findByRole('form', { name: 'Anmelden' });
    await user.type(within(form).getByLabelText('E-Mail'), 'erika@example.de');
    await user.click(within(form).getByRole('button', { name: LINK_BUTTON }));
    expect(await within(form).findByText('Diese E-Mail-Adresse ist ungültig.')).toBeInTheDocument();
    expect(within(form).getByLabelText('E-Mail')).toHaveAttribute('aria-invalid', 'true');
  });

  it('shows the German message of a 429 inline as an alert', async () => {
    signedOut({
      'POST /api/auth/login-link': apiError(
        429,
        'rate_limited',
        'Zu viele Anfragen',
        'Zu viele Anmeldelinks angefordert. Bitte versuchen Sie es später erneut.',
      ),
    });
    const { user } = renderApp('/auth');
    const form = await screen.findByRole('form', { name: 'Anmelden' });
    await user.type(within(form).getByLabelText('E-Mail'), 'erika@example.de');
    await user.click(within(form).getByRole('button', { name: LINK_BUTTON }));
    const alert = await within(form).findByRole('alert');
    expect(alert).toHaveTextContent('Zu viele Anmeldelinks angefordert. Bitte versuchen Sie es später erneut.');
    expect(within(form).getByRole('status')).toBeEmptyDOMElement();
  });

  it('offers the link next to the error when sign-in is slowed down (429)', async () => {
    const api = signedOut({
      'POST /api/auth/login': apiError(429, 'rate_limited', 'Zu viele Versuche', 'Zu viele Versuche. Bitte warten Sie etwa 2 Minuten.'),
      'POST /api/auth/login-link': { status: 202, json: { message: SENT } },
    });
    const { user } = renderApp('/auth');
    const form = await screen.findByRole('form', { name: 'Anmelden' });
    await user.type(within(form).getByLabelText('E-Mail'), 'erika@example.de');
    await user.type(within(form).getByLabelText('Passwort'), 'falsch123');
    await user.click(within(form).getByRole('button', { name: 'Anmelden' }));
    const alert = await within(form).findByRole('alert');
    expect(alert).toHaveTextContent('Zu viele Versuche. Bitte warten Sie etwa 2 Minuten.');
    expect(alert).toHaveTextContent(
      'Sie können sich stattdessen mit einem Anmeldelink anmelden, den wir Ihnen per E-Mail senden.',
    );
    // One link action, placed right after the error and before the fields.
    const buttons = within(form).getAllByRole('button', { name: LINK_BUTTON });
    expect(buttons).toHaveLength(1);
    expect(alert.compareDocumentPosition(buttons[0]) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(
      buttons[0].compareDocumentPosition(within(form).getByLabelText('E-Mail')) & Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
    await user.click(buttons[0]);
    expect(await within(form).findByRole('status')).toHaveTextContent(SENT);
    expect(api.callsTo('POST /api/auth/login-link')[0].body).toEqual({ email: 'erika@example.de' });
  });
});

describe('auth page: used or expired sign-in link', () => {
  it('shows the alert on the sign-in tab', async () => {
    signedOut();
    renderApp('/auth?link=0&tab=signup');
    const alert = await screen.findByText('Der Anmeldelink ist ungültig oder abgelaufen. Bitte fordern Sie einen neuen an.');
    expect(alert.closest('[role="alert"]')).not.toBeNull();
    expect(screen.getByRole('tab', { name: 'Anmelden' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('form', { name: 'Anmelden' })).toBeInTheDocument();
  });

  it('shows no link alert without the parameter', async () => {
    signedOut();
    renderApp('/auth');
    await screen.findByRole('form', { name: 'Anmelden' });
    expect(screen.queryByText(/Anmeldelink ist ungültig/)).not.toBeInTheDocument();
  });
});
