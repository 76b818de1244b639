import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeUser } from '@/testing/fixtures';
import { apiError, mockApi, type MockHandler, type MockRequest } from '@/testing/mock-api';
import { chooseOption, renderApp } from '@/testing/test-utils';
import type { AdminUser, AuditEntry, UserOverview } from '../api/types';

afterEach(() => vi.unstubAllGlobals());

function adminUser(overrides: Partial<AdminUser> & Pick<AdminUser, 'id' | 'name' | 'email'>): AdminUser {
  return {
    organization: 'Muster GmbH',
    role: 'user',
    balance_cent: 100,
    created_at: '2026-11-02T09:30:00Z',
    confirmed: true,
    disabled: false,
    ...overrides,
  };
}

const erika = adminUser({ id: 'u-2', name: 'Erika Muster', email: 'erika@example.de', balance_cent: 250 });
const max = adminUser({ id: 'u-3', name: 'Max Beispiel', email: 'max@beispiel.de', organization: 'Beispiel AG', disabled: true, confirmed: false });
const self = adminUser({ id: 'u-1', name: 'Ada Admin', email: 'admin@stimmwerk.local', role: 'admin', organization: 'Stimmwerk' });

const overview = (users: AdminUser[] = [erika, max, self]): UserOverview => ({
  stats: { total_users: 3, total_balance_cent: 123456, organizations: 3, new_this_month: 2 },
  users,
});

function setup(extra: Record<string, MockHandler> = {}) {
  const api = mockApi({
    'GET /api/me': { json: makeUser({ id: 'u-1', role: 'admin', second_factor: true }) },
    'GET /api/admin/users': { json: overview() },
    'GET /api/admin/audit': { json: [] },
    ...extra,
  });
  return { api, ...renderApp('/admin/users') };
}

const query = (req: MockRequest) => new URL(req.url, 'http://localhost').searchParams;
const lastListQuery = (api: ReturnType<typeof mockApi>) => query(api.callsTo('GET /api/admin/users').at(-1)!);
const row = (email: string) => screen.getAllByTestId('user-row').find((r) => r.getAttribute('data-user-email') === email)!;

describe('Benutzerverwaltung: list', () => {
  it('shows the figures, the rows with badges, and sorts by created_at descending first', async () => {
    const { api } = setup();
    expect(await screen.findByRole('heading', { level: 1, name: 'Benutzerverwaltung' })).toBeInTheDocument();
    expect(await screen.findByTestId('stat-users-value')).toHaveTextContent('3');
    expect(screen.getByTestId('stat-balance-value')).toHaveTextContent('1.234,56 €');
    expect(screen.getByTestId('stat-organizations-value')).toHaveTextContent('3');
    expect(screen.getByTestId('stat-new-value')).toHaveTextContent('2');
    expect(within(row('erika@example.de')).getByTestId('user-balance')).toHaveTextContent('2,50 €');
    expect(row('erika@example.de')).toHaveTextContent('02.11.2026');
    expect(row('max@beispiel.de')).toHaveTextContent('Gesperrt');
    expect(row('max@beispiel.de')).toHaveTextContent('Unbestätigt');
    expect(row('admin@stimmwerk.local')).toHaveTextContent('Administrator');
    expect(lastListQuery(api).get('sort')).toBe('created_at');
    expect(lastListQuery(api).get('direction')).toBe('desc');
    expect(screen.getByTestId('sort-created_at')).toHaveAttribute('aria-sort', 'descending');
    expect(screen.getByTestId('sort-name')).toHaveAttribute('aria-sort', 'none');
  });

  it('toggles the same column and starts a new column ascending', async () => {
    const { api, user } = setup();
    await screen.findAllByTestId('user-row');
    const sortBy = (column: string) => user.click(within(screen.getByTestId(`sort-${column}`)).getByRole('button'));

    await sortBy('created_at');
    await waitFor(() => expect(lastListQuery(api).get('direction')).toBe('asc'));
    expect(lastListQuery(api).get('sort')).toBe('created_at');
    expect(screen.getByTestId('sort-created_at')).toHaveAttribute('aria-sort', 'ascending');

    await sortBy('name');
    await waitFor(() => expect(lastListQuery(api).get('sort')).toBe('name'));
    expect(lastListQuery(api).get('direction')).toBe('asc');
    expect(screen.getByTestId('sort-name')).toHaveAttribute('aria-sort', 'ascending');
    expect(screen.getByTestId('sort-created_at')).toHaveAttribute('aria-sort', 'none');

    await sortBy('name');
    await waitFor(() => expect(lastListQuery(api).get('direction')).toBe('desc'));
    expect(screen.getByTestId('sort-name')).toHaveAttribute('aria-sort', 'descending');

    await sortBy('guthaben_cent');
    await waitFor(() => expect(lastListQuery(api).get('sort')).toBe('guthaben_cent'));
    expect(lastListQuery(api).get('direction')).toBe('asc');
  });

  it('sends the search to the server', async () => {
    const { api, user } = setup();
    await screen.findAllByTestId('user-row');
    await user.type(screen.getByLabelText('Benutzer suchen'), 'Beispiel');
    await waitFor(() => expect(lastListQuery(api).get('search')).toBe('Beispiel'));
    // Debounced: not one request per key.
    expect(api.callsTo('GET /api/admin/users').filter((c) => query(c).has('search')).length).toBeLessThan(4);
  });

  it('shows a load error with a retry', async () => {
    setup({ 'GET /api/admin/users': apiError(500, 'internal', 'Serverfehler', 'Kaputt.') });
    expect(await screen.findByText('Benutzer konnten nicht geladen werden.')).toBeInTheDocument();
    expect(screen.getByText('Kaputt.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Erneut versuchen/ })).toBeInTheDocument();
  });
});

describe('Benutzerverwaltung: actions', () => {
  it('creates a user and shows the server field error', async () => {
    const { api, user } = setup({
      'POST /api/admin/users': apiError(422, 'validation', 'Ungültige Eingabe', 'Bitte prüfen.', {
        email: 'Diese E-Mail-Adresse ist bereits registriert.',
      }),
    });
    await user.click(await screen.findByRole('button', { name: 'Neuen Benutzer hinzufügen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Neuen Benutzer hinzufügen' });
    await user.click(within(dialog).getByRole('button', { name: 'Benutzer anlegen' }));
    expect(await within(dialog).findByText('Bitte geben Sie einen Namen ein.')).toBeInTheDocument();
    expect(within(dialog).getByText('Das Passwort muss mindestens 8 Zeichen lang sein.')).toBeInTheDocument();
    expect(api.callsTo('POST /api/admin/users')).toHaveLength(0);

    await user.type(within(dialog).getByLabelText('Name'), 'Neu Person');
    await user.type(within(dialog).getByLabelText('E-Mail'), 'erika@example.de');
    await user.type(within(dialog).getByLabelText('Organisation'), 'Neu GmbH');
    await user.type(within(dialog).getByLabelText('Passwort'), 'geheim-123');
    await chooseOption(user, 'Rolle', 'Administrator');
    await user.click(within(dialog).getByRole('button', { name: 'Benutzer anlegen' }));
    expect(await within(dialog).findByText('Diese E-Mail-Adresse ist bereits registriert.')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('E-Mail')).toHaveAttribute('aria-invalid', 'true');
    expect(api.callsTo('POST /api/admin/users')[0].body).toEqual({
      name: 'Neu Person',
      email: 'erika@example.de',
      organization: 'Neu GmbH',
      password: 'geheim-123',
      role: 'admin',
    });
  });

  it('asks for the 8 characters the server requires, and confirms the creation in the spec\'s words', async () => {
    const created = adminUser({ id: 'u-9', name: 'Neu Person', email: 'neu@example.de' });
    const { api, user } = setup({ 'POST /api/admin/users': { status: 201, json: created } });
    await user.click(await screen.findByRole('button', { name: 'Neuen Benutzer hinzufügen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Neuen Benutzer hinzufügen' });
    expect(dialog).toHaveTextContent('Mindestens 8 Zeichen.');
    await user.type(within(dialog).getByLabelText('Name'), 'Neu Person');
    await user.type(within(dialog).getByLabelText('E-Mail'), 'neu@example.de');
    await user.type(within(dialog).getByLabelText('Organisation'), 'Neu GmbH');
    await user.type(within(dialog).getByLabelText('Passwort'), 'sieben7');
    await user.click(within(dialog).getByRole('button', { name: 'Benutzer anlegen' }));
    expect(await within(dialog).findByText('Das Passwort muss mindestens 8 Zeichen lang sein.')).toBeInTheDocument();
    expect(api.callsTo('POST /api/admin/users')).toHaveLength(0);
    await user.type(within(dialog).getByLabelText('Passwort'), '8');
    await user.click(within(dialog).getByRole('button', { name: 'Benutzer anlegen' }));
    expect(await screen.findByText('Erfolg')).toBeInTheDocument();
    expect(screen.getByText(/^Benutzer wurde erfolgreich erstellt\./)).toBeInTheDocument();
    expect(api.callsTo('POST /api/admin/users')[0].body).toMatchObject({ password: 'sieben78' });
  });

  it("says a refused creation and deletion in the spec's words with the server's reason", async () => {
    const { user } = setup({
      'POST /api/admin/users': apiError(409, 'conflict', 'Konflikt', 'Die Organisation ist gesperrt.'),
      'DELETE /api/admin/users/u-3': apiError(409, 'conflict', 'Konflikt', 'Der letzte Administrator bleibt.'),
    });
    await user.click(await screen.findByRole('button', { name: 'Neuen Benutzer hinzufügen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Neuen Benutzer hinzufügen' });
    await user.type(within(dialog).getByLabelText('Name'), 'Neu Person');
    await user.type(within(dialog).getByLabelText('E-Mail'), 'neu@example.de');
    await user.type(within(dialog).getByLabelText('Organisation'), 'Neu GmbH');
    await user.type(within(dialog).getByLabelText('Passwort'), 'geheim-123');
    await user.click(within(dialog).getByRole('button', { name: 'Benutzer anlegen' }));
    expect(await screen.findByText('Benutzer konnte nicht erstellt werden.')).toBeInTheDocument();
    expect(screen.getByText('Die Organisation ist gesperrt.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Abbrechen' }));

    await user.click(within(row('max@beispiel.de')).getByRole('button', { name: 'Löschen: Max Beispiel' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Benutzer löschen?' })).getByRole('button', { name: 'Endgültig löschen' }));
    expect(await screen.findByText('Benutzer konnte nicht gelöscht werden.')).toBeInTheDocument();
    expect(screen.getByText('Der letzte Administrator bleibt.')).toBeInTheDocument();
  });

  it('corrects a balance in cents, requires a reason and shows the new balance', async () => {
    const { api, user } = setup({
      'POST /api/admin/users/u-2/balance': { json: { ...erika, balance_cent: 750 } },
    });
    await screen.findAllByTestId('user-row');
    await user.click(within(row('erika@example.de')).getByRole('button', { name: 'Guthaben korrigieren: Erika Muster' }));
    const dialog = await screen.findByRole('dialog', { name: 'Guthaben korrigieren' });
    await user.type(within(dialog).getByLabelText('Betrag in Euro'), '+5,00');
    await user.click(within(dialog).getByRole('button', { name: 'Guthaben korrigieren' }));
    expect(await within(dialog).findByText(/Bitte geben Sie einen Grund an/)).toBeInTheDocument();
    expect(api.callsTo('POST /api/admin/users/u-2/balance')).toHaveLength(0);

    await user.type(within(dialog).getByLabelText('Grund'), 'Gutschrift nach Störung');
    await user.click(within(dialog).getByRole('button', { name: 'Guthaben korrigieren' }));
    expect(await within(dialog).findByTestId('balance-result')).toHaveTextContent('Neues Guthaben: 7,50 €');
    expect(api.callsTo('POST /api/admin/users/u-2/balance')[0].body).toEqual({ amount_cent: 500, reason: 'Gutschrift nach Störung' });
  });

  it('puts the server amount error under the amount field', async () => {
    const { user } = setup({
      'POST /api/admin/users/u-2/balance': apiError(422, 'validation', 'Ungültige Eingabe', 'x', {
        amount_cent: 'Das Guthaben darf nicht unter 0 fallen.',
      }),
    });
    await screen.findAllByTestId('user-row');
    await user.click(within(row('erika@example.de')).getByRole('button', { name: 'Guthaben korrigieren: Erika Muster' }));
    const dialog = await screen.findByRole('dialog', { name: 'Guthaben korrigieren' });
    await user.type(within(dialog).getByLabelText('Betrag in Euro'), '-20');
    await user.type(within(dialog).getByLabelText('Grund'), 'Rückbuchung');
    await user.click(within(dialog).getByRole('button', { name: 'Guthaben korrigieren' }));
    expect(await within(dialog).findByText('Das Guthaben darf nicht unter 0 fallen.')).toBeInTheDocument();
  });

  it('deletes after a confirmation naming the user', async () => {
    const { api, user } = setup({ 'DELETE /api/admin/users/u-3': { status: 204 } });
    await screen.findAllByTestId('user-row');
    await user.click(within(row('max@beispiel.de')).getByRole('button', { name: 'Löschen: Max Beispiel' }));
    const dialog = await screen.findByRole('dialog', { name: 'Benutzer löschen?' });
    expect(dialog).toHaveTextContent('Max Beispiel');
    expect(dialog).toHaveTextContent('Buchungen bleiben ohne Personenbezug erhalten');
    expect(api.callsTo('DELETE /api/admin/users/u-3')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Endgültig löschen' }));
    expect(await screen.findByText('Benutzer wurde gelöscht.')).toBeInTheDocument();
    expect(api.callsTo('DELETE /api/admin/users/u-3')).toHaveLength(1);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('asks for the password again when the server wants a re-entry, then books the correction', async () => {
    const state = { confirmed: false };
    const { api, user } = setup({
      'POST /api/admin/users/u-2/balance': () =>
        state.confirmed
          ? { json: { ...erika, balance_cent: 750 } }
          : apiError(403, 'reauth_required', 'Bestätigung erforderlich', 'Bitte bestätigen Sie Ihr Passwort.'),
      'POST /api/admin/reauth': (req) => {
        if ((req.body as { password?: string }).password !== 'richtig-123') {
          return apiError(401, 'invalid_credentials', 'Falsches Passwort', 'Das Passwort ist falsch.');
        }
        state.confirmed = true;
        return { json: { valid_until: '2026-11-21T13:15:00Z' } };
      },
    });
    await screen.findAllByTestId('user-row');
    await user.click(within(row('erika@example.de')).getByRole('button', { name: 'Guthaben korrigieren: Erika Muster' }));
    const dialog = await screen.findByRole('dialog', { name: 'Guthaben korrigieren' });
    await user.type(within(dialog).getByLabelText('Betrag in Euro'), '5');
    await user.type(within(dialog).getByLabelText('Grund'), 'Gutschrift nach Störung');
    await user.click(within(dialog).getByRole('button', { name: 'Guthaben korrigieren' }));

    const reauth = await screen.findByRole('dialog', { name: 'Passwort bestätigen' });
    expect(screen.queryByText('Bestätigung erforderlich')).not.toBeInTheDocument();
    await user.type(within(reauth).getByTestId('reauth-password'), 'falsch');
    await user.click(within(reauth).getByRole('button', { name: 'Bestätigen und fortfahren' }));
    expect(await within(reauth).findByText('Falsches Passwort. Bitte versuchen Sie es erneut.')).toBeInTheDocument();
    expect(within(reauth).getByTestId('reauth-failures')).toHaveTextContent('Fehlversuche: 1/3');
    expect(api.callsTo('POST /api/admin/users/u-2/balance')).toHaveLength(1);

    await user.type(within(reauth).getByTestId('reauth-password'), 'richtig-123');
    await user.click(within(reauth).getByRole('button', { name: 'Bestätigen und fortfahren' }));
    expect(await screen.findByTestId('balance-result')).toHaveTextContent('Neues Guthaben: 7,50 €');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Passwort bestätigen' })).not.toBeInTheDocument());
    const calls = api.callsTo('POST /api/admin/users/u-2/balance');
    expect(calls).toHaveLength(2);
    expect(calls[1].body).toEqual({ amount_cent: 500, reason: 'Gutschrift nach Störung' });
  });

  it('asks for the password again before a deletion, and drops it when the dialog is closed', async () => {
    const { api, user } = setup({
      'DELETE /api/admin/users/u-3': apiError(403, 'reauth_required', 'Bestätigung erforderlich', 'Bitte bestätigen Sie Ihr Passwort.'),
    });
    await screen.findAllByTestId('user-row');
    await user.click(within(row('max@beispiel.de')).getByRole('button', { name: 'Löschen: Max Beispiel' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Benutzer löschen?' })).getByRole('button', { name: 'Endgültig löschen' }));
    const reauth = await screen.findByRole('dialog', { name: 'Passwort bestätigen' });
    await user.click(within(reauth).getByRole('button', { name: 'Schließen' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Passwort bestätigen' })).not.toBeInTheDocument());
    expect(api.callsTo('DELETE /api/admin/users/u-3')).toHaveLength(1);
    expect(api.callsTo('POST /api/admin/reauth')).toHaveLength(0);
  });

  it('shows the 409 message when an admin changes his own role', async () => {
    const message = 'Die eigene Rolle und Anmeldung ändern Sie nicht hier.';
    const { api, user } = setup({ 'PATCH /api/admin/users/u-1': apiError(409, 'conflict', 'Nicht möglich', message) });
    await screen.findAllByTestId('user-row');
    await user.click(within(row('admin@stimmwerk.local')).getByRole('button', { name: 'Bearbeiten: Ada Admin' }));
    const dialog = await screen.findByRole('dialog', { name: 'Benutzer bearbeiten' });
    await chooseOption(user, 'Rolle', 'Benutzer');
    await user.click(within(dialog).getByLabelText(/Anmeldung gesperrt/));
    await user.click(within(dialog).getByRole('button', { name: 'Speichern' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(api.callsTo('PATCH /api/admin/users/u-1')[0].body).toEqual({
      name: 'Ada Admin',
      organization: 'Stimmwerk',
      role: 'user',
      disabled: true,
    });
    expect(screen.getByRole('dialog', { name: 'Benutzer bearbeiten' })).toBeInTheDocument();
  });
});

describe('Benutzerverwaltung: Protokoll', () => {
  const entry = (overrides: Partial<AuditEntry> & Pick<AuditEntry, 'id' | 'action'>): AuditEntry => ({
    created_at: '2026-11-20T10:15:00Z',
    actor_email: 'admin@stimmwerk.local',
    target_email: 'erika@example.de',
    target_user_id: 'u-2',
    subject: null,
    before: null,
    after: null,
    reason: null,
    ...overrides,
  });

  it('renders German action names, reason and before → after, filters and pages', async () => {
    const first = [
      entry({ id: 4, action: 'balance_adjusted', reason: 'Gutschrift', before: { balance_cent: 250 }, after: { balance_cent: 750 } }),
      entry({ id: 3, action: 'user_updated', before: { name: 'Erika', role: 'user' }, after: { name: 'Erika', role: 'admin' } }),
      entry({ id: 2, action: 'user_deleted', target_email: 'weg@example.de' }),
      entry({ id: 1, action: 'user_created' }),
    ];
    const page = (n: number) => (n === 1 ? [...first, ...Array.from({ length: 46 }, (_, i) => entry({ id: 100 + i, action: 'user_created' }))] : [entry({ id: 999, action: 'user_created', target_email: 'alt@example.de' })]);
    const { api, user } = setup({ 'GET /api/admin/audit': (req) => ({ json: page(Number(query(req).get('page'))) }) });
    await user.click(await screen.findByRole('tab', { name: 'Protokoll' }));
    const list = await screen.findByTestId('audit-list');
    expect(list).toHaveTextContent('Guthaben korrigiert');
    expect(list).toHaveTextContent('Benutzer geändert');
    expect(list).toHaveTextContent('Benutzer gelöscht');
    expect(list).toHaveTextContent('Benutzer angelegt');
    const [correction, update] = within(list).getAllByTestId('audit-entry');
    expect(correction).toHaveTextContent('Grund: Gutschrift');
    expect(correction).toHaveTextContent(/Guthaben:\s*2,50 €\s*7,50 €/);
    expect(update).toHaveTextContent(/Rolle:\s*Benutzer\s*Administrator/);
    expect(update).not.toHaveTextContent('Name:');

    await user.click(screen.getByRole('button', { name: 'Weitere laden' }));
    expect(await screen.findByText('alt@example.de')).toBeInTheDocument();
    expect(query(api.callsTo('GET /api/admin/audit').at(-1)!).get('page')).toBe('2');
    expect(screen.queryByRole('button', { name: 'Weitere laden' })).not.toBeInTheDocument();

    await chooseOption(user, 'Aktion', 'Guthaben korrigiert');
    await waitFor(() => expect(query(api.callsTo('GET /api/admin/audit').at(-1)!).get('action')).toBe('balance_adjusted'));
  });

  it("narrows the log to one person from a row's \"Protokoll anzeigen\", together with the action filter", async () => {
    const lastAudit = (api: ReturnType<typeof mockApi>) => query(api.callsTo('GET /api/admin/audit').at(-1)!);
    const { api, user } = setup({
      'GET /api/admin/audit': (req) => {
        const q = query(req);
        const all = [
          entry({ id: 3, action: 'balance_adjusted', reason: 'Gutschrift' }),
          entry({ id: 2, action: 'user_created', target_email: 'max@beispiel.de', target_user_id: 'u-3' }),
          entry({ id: 1, action: 'user_created' }),
        ];
        return {
          json: all.filter(
            (e) => (!q.get('user_id') || e.target_user_id === q.get('user_id')) && (!q.get('action') || e.action === q.get('action')),
          ),
        };
      },
    });
    await screen.findAllByTestId('user-row');
    await user.click(within(row('erika@example.de')).getByRole('button', { name: 'Protokoll anzeigen: Erika Muster' }));

    expect(await screen.findByRole('tab', { name: 'Protokoll', selected: true })).toBeInTheDocument();
    expect(await screen.findByTestId('audit-user-filter')).toHaveTextContent('Erika Muster (erika@example.de)');
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Protokoll', level: 2 })).toHaveFocus());
    await waitFor(() => expect(screen.getAllByTestId('audit-entry')).toHaveLength(2));
    expect(lastAudit(api).get('user_id')).toBe('u-2');
    expect(lastAudit(api).get('action')).toBeNull();

    await chooseOption(user, 'Aktion', 'Benutzer angelegt');
    await waitFor(() => expect(screen.getAllByTestId('audit-entry')).toHaveLength(1));
    expect(lastAudit(api).get('user_id')).toBe('u-2');
    expect(lastAudit(api).get('action')).toBe('user_created');

    // Clearing the chip shows everyone again, still one action.
    await user.click(screen.getByRole('button', { name: 'Benutzerfilter entfernen' }));
    expect(screen.queryByTestId('audit-user-filter')).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByTestId('audit-entry')).toHaveLength(2));
    expect(lastAudit(api).get('user_id')).toBeNull();
    expect(lastAudit(api).get('action')).toBe('user_created');
    expect(screen.getByRole('heading', { name: 'Protokoll', level: 2 })).toHaveFocus();
  });

  it('names what an entry is about when it is not an account, and the voice owner when there is one', async () => {
    const { user } = setup({
      'GET /api/admin/audit': {
        json: [
          entry({ id: 3, action: 'provider_key_stored', target_email: null, target_user_id: null, subject: 'openai_tts', after: { key_last4: '9876' } }),
          entry({ id: 2, action: 'voice_updated', subject: 'Erikas Stimme', before: { is_global: false, is_active: true }, after: { is_global: true, is_active: true } }),
          entry({ id: 1, action: 'reauthenticated', target_email: 'admin@stimmwerk.local', target_user_id: 'u-1' }),
        ],
      },
    });
    await user.click(await screen.findByRole('tab', { name: 'Protokoll' }));
    const [key, shared, reentry] = await screen.findAllByTestId('audit-entry');
    expect(key).toHaveTextContent('API-Schlüssel gespeichert');
    expect(key).toHaveTextContent('„openai_tts“');
    expect(key).toHaveTextContent(/Schlüssel \(letzte 4 Zeichen\):\s*9876/);
    expect(key).not.toHaveTextContent('Gelöschtes Konto');
    expect(shared).toHaveTextContent('„Erikas Stimme“');
    expect(shared).toHaveTextContent('erika@example.de');
    expect(shared).toHaveTextContent(/Freigabe:\s*nur Besitzer\s*für alle/);
    expect(shared).not.toHaveTextContent('Aktiv:');
    expect(reentry).toHaveTextContent('Passwort bestätigt');
  });

  it('narrows the log to the person an entry is about', async () => {
    const { api, user } = setup({
      'GET /api/admin/audit': {
        json: [entry({ id: 2, action: 'user_deleted', target_email: 'weg@example.de', target_user_id: 'u-9' }), entry({ id: 1, action: 'user_created' })],
      },
    });
    await user.click(await screen.findByRole('tab', { name: 'Protokoll' }));
    await user.click(await screen.findByRole('button', { name: 'Nur Einträge zu weg@example.de anzeigen' }));
    expect(await screen.findByTestId('audit-user-filter')).toHaveTextContent('weg@example.de');
    await waitFor(() => expect(query(api.callsTo('GET /api/admin/audit').at(-1)!).get('user_id')).toBe('u-9'));
  });
});
