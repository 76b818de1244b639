import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeSession, makeTransaction, makeTransactionPage, makeUser } from '@/testing/fixtures';
import { apiError, mockApi, type MockHandler } from '@/testing/mock-api';
import { currentPath, renderApp } from '@/testing/test-utils';
import type { User } from '@/lib/auth';

afterEach(() => vi.unstubAllGlobals());

function setup({ user = makeUser(), extra = {} as Record<string, MockHandler> } = {}) {
  const api = mockApi({
    'GET /api/me': { json: user },
    'GET /api/account/sessions': { json: [makeSession(), makeSession({ id: 's-other', client: '10.0.0.7', device: null, current: false })] },
    'GET /api/account/transactions': { json: makeTransactionPage([makeTransaction()]) },
    'GET /api/account/two-factor': { json: { enabled: false } },
    'GET /api/api-keys': {
      json: [{ id: 'k', name: 'Produktion', prefix: 'sw_3f9a1c2b7', created_at: '2026-11-20T10:00:00Z', last_used_at: null, revoked_at: null }],
    },
    ...extra,
  });
  const view = renderApp('/dashboard/account');
  return { api, ...view };
}

describe('account page: overview', () => {
  it('shows name, e-mail, organisation, role, balance, member since and the account id', async () => {
    const { user } = setup({ user: makeUser({ id: 'a1b2c3', balance_cent: 1234 }) });
    expect(await screen.findByRole('heading', { name: 'Mein Account', level: 1 })).toBeInTheDocument();
    expect(screen.getByTestId('account-name')).toHaveTextContent('Erika Muster');
    expect(screen.getByTestId('account-email')).toHaveTextContent('erika@example.de');
    expect(screen.getByTestId('account-organization')).toHaveTextContent('Muster GmbH');
    expect(screen.getByTestId('account-role')).toHaveTextContent('Benutzer');
    expect(screen.getByTestId('account-since')).toHaveTextContent('01.11.2026');
    expect(screen.getByTestId('account-balance')).toHaveTextContent('12,34 €');
    expect(screen.getByText('Verfügbares Guthaben für TTS-Generierungen')).toBeInTheDocument();
    expect(screen.getByTestId('account-id')).toHaveTextContent('a1b2c3');
    expect(screen.getByTestId('account-logout')).toHaveTextContent('Abmelden');
    // Keys are shown in full only when made: the card names them and leads to the settings.
    expect(await screen.findByTestId('account-api-keys')).toHaveTextContent('1 aktive(r) Schlüssel, zuletzt „Produktion“ (sw_3f9a1c2b7…).');
    expect(screen.getByRole('link', { name: 'Schlüssel verwalten' })).toHaveAttribute('href', '/dashboard/api/settings');

    await user.click(screen.getByRole('button', { name: 'Konto-ID kopieren' }));
    expect(await screen.findByText('Konto-ID kopiert')).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe('a1b2c3');
  });

  it('shows "Administrator" for admins and "Unbekannt" without a valid date', async () => {
    setup({ user: makeUser({ role: 'admin', created_at: 'kein Datum' }) });
    expect(await screen.findByTestId('account-role')).toHaveTextContent('Administrator');
    expect(screen.getByTestId('account-since')).toHaveTextContent('Unbekannt');
  });
});

describe('account page: profile', () => {
  it('saves name and organisation; the top bar shows the new name', async () => {
    const { api, user } = setup({
      extra: {
        'PATCH /api/account': (req) => ({ json: makeUser(req.body as Partial<User>) }),
      },
    });
    const form = within(await screen.findByTestId('profile-form'));
    await user.clear(form.getByLabelText('Name'));
    await user.type(form.getByLabelText('Name'), 'Erika Neu');
    await user.clear(form.getByLabelText('Organisation'));
    await user.type(form.getByLabelText('Organisation'), 'Neu AG');
    await user.click(form.getByRole('button', { name: 'Profil speichern' }));

    expect(await form.findByRole('status')).toHaveTextContent('Profil gespeichert.');
    const [call] = api.callsTo('PATCH /api/account');
    expect(call.body).toEqual({ name: 'Erika Neu', organization: 'Neu AG' });
    expect(call.headers['x-requested-with']).toBe('stimmwerk');
    expect(screen.getByTestId('user-name')).toHaveTextContent('Erika Neu');
    expect(screen.getByTestId('account-organization')).toHaveTextContent('Neu AG');
  });

  it('shows the server’s field message under the field', async () => {
    const { user } = setup({
      extra: {
        'PATCH /api/account': apiError(422, 'validation', 'Eingabe ungültig', 'Bitte prüfen Sie Ihre Eingaben.', {
          name: 'Name darf keine Web-Adresse enthalten.',
        }),
      },
    });
    const form = within(await screen.findByTestId('profile-form'));
    await user.clear(form.getByLabelText('Name'));
    await user.type(form.getByLabelText('Name'), 'beispiel.de');
    await user.click(form.getByRole('button', { name: 'Profil speichern' }));
    expect(await form.findByText('Name darf keine Web-Adresse enthalten.')).toBeInTheDocument();
    expect(form.getByLabelText('Name')).toHaveAttribute('aria-invalid', 'true');
    expect(form.queryByRole('status')).not.toBeInTheDocument();
    expect(screen.getByTestId('user-name')).toHaveTextContent('Erika Muster');
  });

  it('checks required fields before sending', async () => {
    const { api, user } = setup();
    const form = within(await screen.findByTestId('profile-form'));
    await user.clear(form.getByLabelText('Name'));
    await user.click(form.getByRole('button', { name: 'Profil speichern' }));
    expect(await form.findByText('Name ist erforderlich.')).toBeInTheDocument();
    expect(api.callsTo('PATCH /api/account')).toHaveLength(0);
  });
});

describe('account page: password', () => {
  async function fill(user: ReturnType<typeof setup>['user'], current: string, next: string, repeat = next) {
    const form = within(await screen.findByTestId('password-form'));
    await user.type(form.getByLabelText('Aktuelles Passwort'), current);
    await user.type(form.getByLabelText('Neues Passwort'), next);
    await user.type(form.getByLabelText('Neues Passwort wiederholen'), repeat);
    await user.click(form.getByRole('button', { name: 'Passwort ändern' }));
    return form;
  }

  it('shows "Das aktuelle Passwort ist falsch." under the current password', async () => {
    const { api, user } = setup({
      extra: {
        'POST /api/account/password': apiError(422, 'validation', 'Eingabe ungültig', 'Bitte prüfen Sie Ihre Eingaben.', {
          current_password: 'Das aktuelle Passwort ist falsch.',
        }),
      },
    });
    const form = await fill(user, 'falsch-123', 'Neues-Passwort-42');
    expect(await form.findByText('Das aktuelle Passwort ist falsch.')).toBeInTheDocument();
    expect(form.getByLabelText('Aktuelles Passwort')).toHaveAttribute('aria-invalid', 'true');
    expect(api.callsTo('POST /api/account/password')[0].body).toEqual({
      current_password: 'falsch-123',
      new_password: 'Neues-Passwort-42',
    });
  });

  it('refuses a repetition that differs, without asking the server', async () => {
    const { api, user } = setup();
    const form = await fill(user, 'alt-Passwort-1', 'Neues-Passwort-42', 'Neues-Passwort-43');
    expect(await form.findByText('Die Passwörter stimmen nicht überein.')).toBeInTheDocument();
    expect(api.callsTo('POST /api/account/password')).toHaveLength(0);
  });

  it('says that the other sessions were signed out', async () => {
    const { user } = setup({ extra: { 'POST /api/account/password': { status: 204 } } });
    const form = await fill(user, 'alt-Passwort-1', 'Neues-Passwort-42');
    expect(await form.findByRole('status')).toHaveTextContent('Alle anderen Sitzungen wurden abgemeldet');
    expect(form.getByLabelText('Aktuelles Passwort')).toHaveValue('');
  });
});

describe('account page: sessions', () => {
  it('lists the sessions and signs out everywhere after confirming, saying how many API keys were revoked', async () => {
    const { api, user } = setup({
      extra: {
        'DELETE /api/account/sessions': {
          json: { sessions_ended: 2, api_keys_revoked: 1, message: 'Alle Sitzungen beendet und 1 API-Schlüssel widerrufen.' },
        },
      },
    });
    const rows = await screen.findAllByTestId('session-row');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('127.0.0.1');
    expect(within(rows[0]).getByText('Diese Sitzung')).toBeInTheDocument();
    expect(rows[1]).toHaveTextContent('10.0.0.7');
    expect(within(rows[1]).queryByText('Diese Sitzung')).not.toBeInTheDocument();
    expect(rows[0]).toHaveTextContent('Angemeldet seit 20.11.2026');
    expect(within(rows[0]).getByTestId('session-device')).toHaveTextContent('Chrome auf Linux');
    expect(within(rows[1]).getByTestId('session-device')).toHaveTextContent('Unbekanntes Gerät');

    await user.click(screen.getByTestId('sign-out-everywhere'));
    let dialog = await screen.findByRole('dialog', { name: 'Überall abmelden?' });
    await user.click(within(dialog).getByRole('button', { name: 'Abbrechen' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.callsTo('DELETE /api/account/sessions')).toHaveLength(0);

    await user.click(screen.getByTestId('sign-out-everywhere'));
    dialog = await screen.findByRole('dialog', { name: 'Überall abmelden?' });
    expect(dialog).toHaveTextContent('alle API-Schlüssel widerrufen');
    await user.click(within(dialog).getByRole('button', { name: 'Überall abmelden' }));
    await waitFor(() => expect(currentPath()).toBe('/auth'));
    expect(await screen.findByText('Alle Sitzungen beendet und 1 API-Schlüssel widerrufen.')).toBeInTheDocument();
    expect(api.callsTo('DELETE /api/account/sessions')[0].headers['x-requested-with']).toBe('stimmwerk');
    expect(await screen.findByRole('form', { name: 'Anmelden' })).toBeInTheDocument();
  });

  it('shows a load error with a retry', async () => {
    let fail = true;
    const { user } = setup({
      extra: {
        'GET /api/account/sessions': () =>
          fail ? apiError(500, 'internal', 'Serverfehler', 'Auf dem Server ist ein Fehler aufgetreten.') : { json: [makeSession()] },
      },
    });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Sitzungen konnten nicht geladen werden');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Erneut versuchen' }));
    expect(await screen.findByTestId('session-row')).toHaveTextContent('Diese Sitzung');
  });
});

describe('account page: bookings', () => {
  const charges = (from: number, count: number) =>
    Array.from({ length: count }, (_, i) =>
      makeTransaction({ id: from - i, kind: 'charge', label: 'Audio-Generierung', amount_cent: -3, balance_after_cent: 70 - i }),
    );

  it('pages through the bookings', async () => {
    const { api, user } = setup({
      extra: {
        'GET /api/account/transactions': (req) => {
          const page = Number(new URL(req.url, 'http://x').searchParams.get('page'));
          return page === 2
            ? { json: makeTransactionPage([...charges(2, 1), makeTransaction()], { page: 2, total: 12 }) }
            : { json: makeTransactionPage(charges(12, 10), { page: 1, total: 12 }) };
        },
      },
    });
    expect(await screen.findAllByTestId('transaction-row')).toHaveLength(10);
    expect(screen.getAllByTestId('transaction-amount')[0]).toHaveTextContent('\u22120,03 €');
    expect(screen.getByTestId('transactions-page')).toHaveTextContent('Seite 1 von 2 · 12 Buchungen');
    expect(screen.getByRole('button', { name: 'Zurück' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Weiter' }));
    await waitFor(() => expect(screen.getAllByTestId('transaction-row')).toHaveLength(2));
    expect(screen.getByTestId('transactions-page')).toHaveTextContent('Seite 2 von 2');
    const last = screen.getAllByTestId('transaction-row')[1];
    expect(last).toHaveTextContent('Startguthaben');
    expect(last).toHaveTextContent('+1,00 €');
    expect(last).toHaveTextContent('01.11.2026');
    expect(screen.getByRole('button', { name: 'Weiter' })).toBeDisabled();
    expect(api.callsTo('GET /api/account/transactions').map((c) => new URL(c.url, 'http://x').search)).toEqual([
      '?page=1&per_page=10',
      '?page=2&per_page=10',
    ]);
  });

  it('shows a skeleton while loading and a load error with a retry', async () => {
    let release: () => void = () => undefined;
    let fail = true;
    const { user } = setup({
      extra: {
        'GET /api/account/transactions': () =>
          new Promise<void>((resolve) => {
            release = resolve;
          }).then(() =>
            fail
              ? apiError(503, 'internal', 'Serverfehler', 'Der Dienst ist gerade nicht erreichbar.')
              : { json: makeTransactionPage([makeTransaction()]) },
          ),
      },
    });
    const bookings = await screen.findByTestId('transactions-card');
    const skeleton = within(bookings).getByTestId('loading-skeleton');
    expect(skeleton).toHaveAttribute('aria-busy', 'true');
    expect(within(skeleton).getByRole('status')).toHaveTextContent('Buchungen werden geladen…');
    release();
    const alert = await within(bookings).findByRole('alert');
    expect(alert).toHaveTextContent('Buchungen konnten nicht geladen werden');
    expect(alert).toHaveTextContent('Der Dienst ist gerade nicht erreichbar.');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Erneut versuchen' }));
    await waitFor(() => release());
    expect(await within(bookings).findByTestId('transaction-row')).toHaveTextContent('Startguthaben');
  });

  it('downloads the CSV', async () => {
    const createObjectURL = vi.fn(() => 'blob:csv');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    // jsdom cannot follow the download link; what counts is that it was clicked with the name.
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      expect(this.download).toBe('stimmwerk-buchungen.csv');
    });
    const { api, user } = setup({
      extra: { 'GET /api/account/transactions.csv': { body: 'Datum;Art\n', headers: { 'Content-Type': 'text/csv' } } },
    });
    await user.click(await screen.findByRole('button', { name: 'Als CSV herunterladen' }));
    await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    expect(createObjectURL).toHaveBeenCalledTimes(1);
    expect(api.callsTo('GET /api/account/transactions.csv')).toHaveLength(1);
    click.mockRestore();
  });
});

describe('account page: delete', () => {
  async function openAndSubmit(user: ReturnType<typeof setup>['user'], password: string) {
    await user.click(await screen.findByTestId('delete-account'));
    const dialog = await screen.findByRole('dialog', { name: 'Konto endgültig löschen?' });
    expect(dialog).toHaveTextContent('Buchungen bleiben');
    const field = within(dialog).getByLabelText('Passwort zur Bestätigung');
    await waitFor(() => expect(field).toHaveFocus());
    await user.type(field, password);
    await user.click(within(dialog).getByRole('button', { name: 'Konto endgültig löschen' }));
    return dialog;
  }

  it('keeps the account on a wrong password and says so', async () => {
    const { api, user } = setup({
      extra: {
        'DELETE /api/account': apiError(422, 'validation', 'Eingabe ungültig', 'Bitte prüfen Sie Ihre Eingaben.', {
          password: 'Das aktuelle Passwort ist falsch.',
        }),
      },
    });
    const dialog = await openAndSubmit(user, 'falsch-123');
    expect(await within(dialog).findByText('Das aktuelle Passwort ist falsch.')).toBeInTheDocument();
    expect(api.callsTo('DELETE /api/account')[0].body).toEqual({ password: 'falsch-123' });
    expect(within(dialog).getByLabelText('Passwort zur Bestätigung')).toHaveValue('');
    expect(currentPath()).toBe('/dashboard/account');
  });

  it('shows the message for the last admin', async () => {
    const { user } = setup({
      user: makeUser({ role: 'admin' }),
      extra: {
        'DELETE /api/account': apiError(409, 'conflict', 'Konflikt', 'Das letzte Administratorkonto kann nicht gelöscht werden.'),
      },
    });
    const dialog = await openAndSubmit(user, 'richtig-123');
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Das letzte Administratorkonto kann nicht gelöscht werden.');
  });

  it('deletes the account and opens the landing page', async () => {
    const { user } = setup({ extra: { 'DELETE /api/account': { status: 204 } } });
    await openAndSubmit(user, 'richtig-123');
    await waitFor(() => expect(currentPath()).toBe('/'));
    expect(await screen.findByText('Konto gelöscht')).toBeInTheDocument();
  });
});
