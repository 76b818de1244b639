import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeUser } from '@/testing/fixtures';
import { apiError, mockApi, unauthenticated } from '@/testing/mock-api';
import { currentPath, renderApp } from '@/testing/test-utils';

afterEach(() => vi.unstubAllGlobals());

const TWO_FACTOR_REQUIRED = apiError(401, 'two_factor_required', 'Bestätigungscode nötig', 'Bitte geben Sie den Code aus Ihrer App ein.');
const WRONG_CODE = apiError(422, 'validation', 'Ungültige Eingabe', 'Bitte prüfen Sie Ihre Eingaben.', {
  code: 'Der Code stimmt nicht. Bitte geben Sie den aktuellen Code aus Ihrer App ein.',
});
const EXPIRED = apiError(422, 'validation', 'Anmeldung abgelaufen', 'Bitte melden Sie sich erneut mit Ihrem Passwort an.');

async function passwordStep(user: ReturnType<typeof renderApp>['user']) {
  const form = await screen.findByRole('form', { name: 'Anmelden' }, { timeout: 5000 });
  await user.type(within(form).getByLabelText('E-Mail'), 'erika@example.de');
  await user.type(within(form).getByLabelText('Passwort'), 'sehrgeheim');
  await user.click(within(form).getByRole('button', { name: 'Anmelden' }));
  return screen.findByRole('form', { name: 'Zwei-Faktor-Anmeldung' });
}

describe('auth page: the code step of a two-factor sign-in', () => {
  it('asks for the code after the password, then signs in and opens the dashboard', async () => {
    const api = mockApi({
      'GET /api/me': unauthenticated(),
      'POST /api/auth/login': TWO_FACTOR_REQUIRED,
      'POST /api/auth/login/code': { json: makeUser({ second_factor: true }) },
    });
    const { user } = renderApp('/auth');
    const step = await passwordStep(user);
    const field = within(step).getByLabelText('Bestätigungscode');
    expect(field).toHaveAttribute('autocomplete', 'one-time-code');
    expect(field).toHaveAttribute('inputmode', 'numeric');
    await waitFor(() => expect(field).toHaveFocus());
    expect(step).toHaveTextContent('Ein Wiederherstellungscode funktioniert auch.');
    expect(screen.queryByTestId('login-error')).not.toBeInTheDocument();

    await user.click(within(step).getByRole('button', { name: 'Bestätigen' }));
    expect(await within(step).findByText(/Bitte geben Sie den Code/)).toBeInTheDocument();
    await user.type(field, '12345');
    await user.click(within(step).getByRole('button', { name: 'Bestätigen' }));
    expect(await within(step).findByText('Der Code besteht aus 6 Ziffern.')).toBeInTheDocument();
    expect(api.callsTo('POST /api/auth/login/code')).toHaveLength(0);

    await user.type(field, '6');
    await user.click(within(step).getByRole('button', { name: 'Bestätigen' }));
    expect(await screen.findByText('Erfolgreich angemeldet')).toBeInTheDocument();
    await waitFor(() => expect(currentPath()).toBe('/dashboard'));
    const [call] = api.callsTo('POST /api/auth/login/code');
    expect(call.body).toEqual({ code: '123456' });
    expect(call.headers['x-requested-with']).toBe('stimmwerk');
  });

  it('after too many wrong codes points to the mailed sign-in link', async () => {
    mockApi({
      'GET /api/me': unauthenticated(),
      'POST /api/auth/login': TWO_FACTOR_REQUIRED,
      'POST /api/auth/login/code': apiError(429, 'rate_limited', 'Zu viele Versuche', 'Zu viele Versuche. Bitte warten Sie etwa 6 Stunden.'),
    });
    const { user } = renderApp('/auth');
    const step = await passwordStep(user);
    await user.type(within(step).getByLabelText('Bestätigungscode'), '123456');
    await user.click(within(step).getByRole('button', { name: 'Bestätigen' }));
    expect(await within(step).findByText(/etwa 6 Stunden/)).toBeInTheDocument();
    expect(within(step).getByTestId('code-step-link-hint')).toHaveTextContent('Anmeldelink per E-Mail');
  });

  it('accepts a recovery code', async () => {
    const api = mockApi({
      'GET /api/me': unauthenticated(),
      'POST /api/auth/login': TWO_FACTOR_REQUIRED,
      'POST /api/auth/login/code': { json: makeUser() },
    });
    const { user } = renderApp('/auth');
    const step = await passwordStep(user);
    await user.click(within(step).getByRole('button', { name: 'Wiederherstellungscode verwenden' }));
    const field = within(step).getByLabelText('Wiederherstellungscode');
    expect(field).toHaveAttribute('inputmode', 'text');
    await user.type(field, 'abcde-fghjk');
    await user.click(within(step).getByRole('button', { name: 'Bestätigen' }));
    await waitFor(() => expect(currentPath()).toBe('/dashboard'));
    expect(api.callsTo('POST /api/auth/login/code')[0].body).toEqual({ code: 'abcde-fghjk' });
  });

  it('puts a wrong code under the field and clears it', async () => {
    mockApi({ 'GET /api/me': unauthenticated(), 'POST /api/auth/login': TWO_FACTOR_REQUIRED, 'POST /api/auth/login/code': WRONG_CODE });
    const { user } = renderApp('/auth');
    const step = await passwordStep(user);
    const field = within(step).getByLabelText('Bestätigungscode');
    await user.type(field, '000000');
    await user.click(within(step).getByRole('button', { name: 'Bestätigen' }));
    expect(await within(step).findByText(/Der Code stimmt nicht/)).toBeInTheDocument();
    expect(field).toHaveValue('');
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(currentPath()).toBe('/auth');
  });

  it('goes back to the password step with the message when the sign-in expired', async () => {
    mockApi({ 'GET /api/me': unauthenticated(), 'POST /api/auth/login': TWO_FACTOR_REQUIRED, 'POST /api/auth/login/code': EXPIRED });
    const { user } = renderApp('/auth');
    const step = await passwordStep(user);
    await user.type(within(step).getByLabelText('Bestätigungscode'), '123456');
    await user.click(within(step).getByRole('button', { name: 'Bestätigen' }));
    const form = await screen.findByRole('form', { name: 'Anmelden' });
    const alert = within(form).getByRole('alert');
    expect(alert).toHaveTextContent('Anmeldung abgelaufen');
    expect(alert).toHaveTextContent('Bitte melden Sie sich erneut mit Ihrem Passwort an.');
    expect(within(form).getByLabelText('E-Mail')).toHaveValue('erika@example.de');
    expect(within(form).getByLabelText('Passwort')).toHaveValue('');
  });

  it('"Zurück" returns to the password step', async () => {
    mockApi({ 'GET /api/me': unauthenticated(), 'POST /api/auth/login': TWO_FACTOR_REQUIRED });
    const { user } = renderApp('/auth');
    const step = await passwordStep(user);
    await user.click(within(step).getByRole('button', { name: 'Zurück' }));
    const form = await screen.findByRole('form', { name: 'Anmelden' });
    expect(within(form).getByLabelText('E-Mail')).toHaveValue('erika@example.de');
    expect(within(form).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('opens the code step directly after a mailed sign-in link (/auth?code=1)', async () => {
    const api = mockApi({ 'GET /api/me': unauthenticated(), 'POST /api/auth/login/code': { json: makeUser() } });
    const { user } = renderApp('/auth?code=1&tab=signup');
    const step = await screen.findByRole('form', { name: 'Zwei-Faktor-Anmeldung' }, { timeout: 5000 });
    expect(screen.queryByRole('form', { name: 'Anmelden' })).not.toBeInTheDocument();
    await user.type(within(step).getByLabelText('Bestätigungscode'), '654321');
    await user.click(within(step).getByRole('button', { name: 'Bestätigen' }));
    await waitFor(() => expect(currentPath()).toBe('/dashboard'));
    expect(api.callsTo('POST /api/auth/login')).toHaveLength(0);
  });
});
