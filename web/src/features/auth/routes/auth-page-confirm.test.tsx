import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, mockApi, unauthenticated } from '@/testing/mock-api';
import { renderApp } from '@/testing/test-utils';

afterEach(() => vi.unstubAllGlobals());

const MISMATCH =
  'Das Passwort passt nicht zur letzten Registrierung mit dieser Adresse. Falls Sie sich nicht zuletzt registriert haben, registrieren Sie sich bitte erneut; der neue Link gilt dann für Ihr Passwort.';

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
