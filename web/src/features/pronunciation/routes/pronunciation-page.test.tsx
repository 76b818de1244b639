import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeUser } from '@/testing/fixtures';
import { apiError, mockApi, type MockHandler, type MockReply } from '@/testing/mock-api';
import { renderApp } from '@/testing/test-utils';
import type { DictionaryEntry } from '../api/dictionary';

afterEach(() => vi.unstubAllGlobals());

const own: DictionaryEntry = { id: 'e-1', term: 'Stimmwerk', spoken: 'Schtimmwerk', ipa: 'ˈʃtɪmvɛʁk', whole_word: true, case_sensitive: false, global: false, updated_at: '2026-11-24T10:00:00Z' };
const global: DictionaryEntry = { id: 'e-2', term: 'ACME', spoken: 'Äkmi', whole_word: true, case_sensitive: true, global: true, updated_at: '2026-11-24T10:00:00Z' };

function setup(extra: Record<string, MockHandler> = {}, role: 'user' | 'admin' = 'user') {
  const api = mockApi({
    'GET /api/me': { json: makeUser({ id: 'u-1', role, second_factor: role === 'admin' }) },
    'GET /api/pronunciation/dictionary': { json: [own, global] },
    ...extra,
  });
  return { api, ...renderApp('/dashboard/aussprache') };
}

const row = (term: string) => screen.getAllByTestId('dictionary-row').find((r) => r.textContent?.includes(term))!;

describe('Aussprache', () => {
  it('lists own and global entries; users delete only their own', async () => {
    setup();
    expect(await screen.findByRole('heading', { level: 1, name: 'Aussprache' })).toBeInTheDocument();
    await screen.findAllByTestId('dictionary-row');
    expect(row('ACME')).toHaveTextContent('Global');
    expect(within(row('Stimmwerk')).getByTestId('dictionary-delete')).toBeInTheDocument();
    expect(within(row('ACME')).queryByTestId('dictionary-delete')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Für alle (global)')).not.toBeInTheDocument();
  });

  it('saves an entry with its rules, and checks it first', async () => {
    const { api, user } = setup({ 'POST /api/pronunciation/dictionary': { status: 201, json: { ...own, id: 'e-3', term: 'SQL', spoken: 'Sequel' } } });
    await screen.findAllByTestId('dictionary-row');
    await user.click(screen.getByTestId('entry-save'));
    expect(await screen.findByText('Bitte geben Sie den Begriff ein.')).toBeInTheDocument();
    await user.type(screen.getByTestId('entry-term'), 'SQL');
    await user.type(screen.getByTestId('entry-spoken'), 'Sequel');
    await user.click(screen.getByLabelText('Groß-/Kleinschreibung beachten'));
    await user.click(screen.getByTestId('entry-save'));
    await waitFor(() => expect(api.callsTo('POST /api/pronunciation/dictionary')).toHaveLength(1));
    expect(api.callsTo('POST /api/pronunciation/dictionary')[0].body).toEqual({
      term: 'SQL', spoken: 'Sequel', ipa: null, whole_word: true, case_sensitive: true, global: false,
    });
  });

  it('sends a phonetic spelling, refuses slashes and shows the server reason under the field', async () => {
    const { api, user } = setup({
      'POST /api/pronunciation/dictionary': {
        status: 422,
        json: {
          error: {
            code: 'validation',
            title: 'Eingabe prüfen',
            message: '„S“ ist kein Zeichen des Internationalen Phonetischen Alphabets (IPA).',
            fields: { ipa: '„S“ ist kein Zeichen des Internationalen Phonetischen Alphabets (IPA).' },
          },
        },
      },
    });
    await screen.findAllByTestId('dictionary-row');
    expect(row('Stimmwerk')).toHaveTextContent('[ˈʃtɪmvɛʁk]');
    await user.type(screen.getByTestId('entry-term'), 'Müller');
    await user.type(screen.getByTestId('entry-spoken'), 'Müller');
    await user.type(screen.getByTestId('entry-ipa'), '/ˈmʏlɐ/');
    await user.click(screen.getByTestId('entry-save'));
    expect(await screen.findByText('Bitte ohne Schrägstriche oder Klammern, z. B. ˈʃtɪmvɛʁk.')).toBeInTheDocument();
    expect(api.callsTo('POST /api/pronunciation/dictionary')).toHaveLength(0);
    await user.clear(screen.getByTestId('entry-ipa'));
    await user.type(screen.getByTestId('entry-ipa'), 'Smʏlɐ');
    await user.click(screen.getByTestId('entry-save'));
    await waitFor(() => expect(api.callsTo('POST /api/pronunciation/dictionary')).toHaveLength(1));
    expect(api.callsTo('POST /api/pronunciation/dictionary')[0].body).toMatchObject({ term: 'Müller', ipa: 'Smʏlɐ' });
    expect(await screen.findByText('„S“ ist kein Zeichen des Internationalen Phonetischen Alphabets (IPA).')).toBeInTheDocument();
  });

  it('lets admins keep global entries and delete them', async () => {
    const { api, user } = setup({ 'DELETE /api/pronunciation/dictionary/e-2': { status: 204 } }, 'admin');
    await screen.findAllByTestId('dictionary-row');
    expect(screen.getByLabelText('Für alle (global)')).toBeInTheDocument();
    await user.click(within(row('ACME')).getByTestId('dictionary-delete'));
    await user.click(screen.getByRole('button', { name: 'Löschen' }));
    await waitFor(() => expect(api.callsTo('DELETE /api/pronunciation/dictionary/e-2')).toHaveLength(1));
    expect(api.callsTo('DELETE /api/pronunciation/dictionary/e-2')[0].url).toContain('global=true');
  });

  it('asks an admin for the password before a global entry is saved or deleted, then sends it again', async () => {
    const state = { confirmed: false };
    const afterReauth = (reply: MockReply) => () =>
      state.confirmed ? reply : apiError(403, 'reauth_required', 'Bestätigung nötig', 'Bitte bestätigen Sie Ihr Passwort.');
    const { api, user } = setup(
      {
        'POST /api/pronunciation/dictionary': afterReauth({ status: 201, json: { ...global, id: 'e-4', term: 'Bahn', spoken: 'Baan' } }),
        'DELETE /api/pronunciation/dictionary/e-2': afterReauth({ status: 204 }),
        'POST /api/admin/reauth': () => {
          state.confirmed = true;
          return { json: { valid_until: '2026-11-21T13:15:00Z' } };
        },
      },
      'admin',
    );
    await screen.findAllByTestId('dictionary-row');
    await user.type(screen.getByTestId('entry-term'), 'Bahn');
    await user.type(screen.getByTestId('entry-spoken'), 'Baan');
    await user.click(screen.getByLabelText('Für alle (global)'));
    await user.click(screen.getByTestId('entry-save'));
    let reauth = await screen.findByRole('dialog', { name: 'Passwort bestätigen' });
    expect(screen.queryByText('Speichern fehlgeschlagen')).not.toBeInTheDocument();
    await user.type(within(reauth).getByTestId('reauth-password'), 'richtig-123');
    await user.click(within(reauth).getByRole('button', { name: 'Bestätigen und fortfahren' }));
    await waitFor(() => expect(api.callsTo('POST /api/pronunciation/dictionary')).toHaveLength(2));
    expect(api.callsTo('POST /api/pronunciation/dictionary')[1].body).toMatchObject({ term: 'Bahn', spoken: 'Baan', global: true });
    expect(await screen.findByText('Gespeichert')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('entry-term')).toHaveValue(''));

    state.confirmed = false;
    await user.click(within(row('ACME')).getByTestId('dictionary-delete'));
    await user.click(screen.getByRole('button', { name: 'Löschen' }));
    reauth = await screen.findByRole('dialog', { name: 'Passwort bestätigen' });
    expect(screen.queryByText('Löschen fehlgeschlagen')).not.toBeInTheDocument();
    await user.type(within(reauth).getByTestId('reauth-password'), 'richtig-123');
    await user.click(within(reauth).getByRole('button', { name: 'Bestätigen und fortfahren' }));
    await waitFor(() => expect(api.callsTo('DELETE /api/pronunciation/dictionary/e-2')).toHaveLength(2));
    expect(await screen.findByText('Eintrag gelöscht')).toBeInTheDocument();
  });

  it('imports a CSV file and lists every refused line in the page, not only in a toast', async () => {
    const errors = ['Zeile 3: Der Begriff ist erforderlich.', 'Zeile 4: Die Aussprache ist erforderlich.', 'Zeile 5: nicht lesbar.', 'Zeile 6: nicht lesbar!'];
    const { api, user } = setup({ 'POST /api/pronunciation/dictionary/import': { json: { saved: 1, errors } } });
    await screen.findAllByTestId('dictionary-row');
    const file = new File(['term;spoken\nkHz;Kilohertz\n;x\n'], 'aussprache.csv', { type: 'text/csv' });
    await user.upload(screen.getByTestId('dictionary-file'), file);
    await waitFor(() => expect(api.callsTo('POST /api/pronunciation/dictionary/import')).toHaveLength(1));
    expect(api.callsTo('POST /api/pronunciation/dictionary/import')[0].body).toEqual({ csv: 'term;spoken\nkHz;Kilohertz\n;x\n' });
    expect(await screen.findByText('Import mit Fehlern')).toBeInTheDocument();
    const report = await screen.findByTestId('import-report');
    expect(report).toHaveTextContent('Import: 1 Eintrag übernommen, 4 Zeilen nicht übernommen');
    expect(within(screen.getByTestId('import-errors')).getAllByRole('listitem').map((li) => li.textContent)).toEqual(errors);
    await user.click(within(report).getByRole('button', { name: 'Bericht schließen' }));
    expect(screen.queryByTestId('import-report')).not.toBeInTheDocument();
  });

  it('edits an entry in the form, its term too, and can cancel', async () => {
    const { api, user } = setup({ 'PUT /api/pronunciation/dictionary/e-1': { json: { ...own, term: 'Stimmwerk AG', spoken: 'Schtimmwerk A Ge' } } });
    await screen.findAllByTestId('dictionary-row');
    expect(within(row('ACME')).queryByTestId('dictionary-edit')).not.toBeInTheDocument();
    await user.click(within(row('Stimmwerk')).getByRole('button', { name: 'Bearbeiten: Stimmwerk' }));
    const form = screen.getByRole('form', { name: 'Eintrag bearbeiten' });
    expect(within(form).getByTestId('entry-term')).toHaveValue('Stimmwerk');
    expect(within(form).getByTestId('entry-ipa')).toHaveValue('ˈʃtɪmvɛʁk');
    await user.clear(within(form).getByTestId('entry-term'));
    await user.type(within(form).getByTestId('entry-term'), 'Stimmwerk AG');
    await user.click(within(form).getByRole('button', { name: 'Änderungen speichern' }));
    await waitFor(() => expect(api.callsTo('PUT /api/pronunciation/dictionary/e-1')).toHaveLength(1));
    expect(api.callsTo('PUT /api/pronunciation/dictionary/e-1')[0].body).toMatchObject({ term: 'Stimmwerk AG', spoken: 'Schtimmwerk', global: false });
    expect(await screen.findByRole('form', { name: 'Eintrag hinzufügen' })).toBeInTheDocument();

    await user.click(within(row('Stimmwerk')).getByRole('button', { name: 'Bearbeiten: Stimmwerk' }));
    await user.click(screen.getByTestId('entry-cancel'));
    expect(screen.getByRole('form', { name: 'Eintrag hinzufügen' })).toBeInTheDocument();
    expect(screen.getByTestId('entry-term')).toHaveValue('');
  });
  it('exports as PLS the way the CSV export does: a download link', async () => {
    setup();
    await screen.findAllByTestId('dictionary-row');
    const link = screen.getByRole('link', { name: 'Als PLS exportieren' });
    expect(link).toHaveAttribute('href', '/api/pronunciation/dictionary/export.pls');
    expect(link).toHaveAttribute('download', 'aussprache.pls');
  });

  it('imports a PLS file as it is (application/pls+xml) and lists the refused entries', async () => {
    const IMPORT = 'POST /api/pronunciation/dictionary/import.pls';
    const errors = ['Eintrag 2: Ohne <grapheme>.'];
    const { api, user } = setup({ [IMPORT]: { json: { saved: 3, errors } } });
    await screen.findAllByTestId('dictionary-row');
    const file = new File(['<?xml version="1.0"?><lexicon/>'], 'lexikon.pls', { type: 'application/pls+xml' });
    await user.upload(screen.getByLabelText('PLS-Datei importieren'), file);
    await waitFor(() => expect(api.callsTo(IMPORT)).toHaveLength(1));
    const [call] = api.callsTo(IMPORT);
    expect(call.body).toBe(file);
    expect(call.headers['content-type']).toBe('application/pls+xml');
    expect(call.headers['x-requested-with']).toBe('stimmwerk');
    expect(new URL(call.url, 'http://localhost').search).toBe('');
    expect(await screen.findByText('Import mit Fehlern')).toBeInTheDocument();
    const report = await screen.findByTestId('import-report');
    expect(report).toHaveTextContent('PLS-Import: 3 Einträge übernommen, 1 Eintrag nicht übernommen');
    expect(within(screen.getByTestId('import-errors')).getAllByRole('listitem').map((li) => li.textContent)).toEqual(errors);
  });

  it('says why a PLS file was refused, and sends none over 1 MB', async () => {
    const IMPORT = 'POST /api/pronunciation/dictionary/import.pls';
    const { api, user } = setup({ [IMPORT]: apiError(422, 'validation', 'Ungültige Eingabe', 'Die Datei ist kein gültiges PLS.') });
    await screen.findAllByTestId('dictionary-row');
    await user.upload(screen.getByLabelText('PLS-Datei importieren'), new File(['kein xml'], 'x.xml', { type: 'application/xml' }));
    expect(await screen.findByText('Die Datei ist kein gültiges PLS.')).toBeInTheDocument();
    const big = new File([new Uint8Array(1024 * 1024 + 1)], 'gross.pls', { type: 'application/pls+xml' });
    await user.upload(screen.getByLabelText('PLS-Datei importieren'), big);
    expect(await screen.findByText('Die PLS-Datei darf höchstens 1 MB groß sein.')).toBeInTheDocument();
    expect(api.callsTo(IMPORT)).toHaveLength(1);
  });
});
