import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { DictionaryEntry } from '@/lib/dictionary';
import { apiError } from '@/testing/mock-api';
import { makeProjectDetail } from '@/testing/project-fixtures';
import { loadProjectEditor, PROJECT_ROUTE, renderProjectEditor } from '@/testing/project-editor';

beforeAll(loadProjectEditor);

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const DICTIONARY = 'GET /api/pronunciation/dictionary';
const SAVE = 'POST /api/pronunciation/dictionary';
const entry: DictionaryEntry = {
  id: 'e-1',
  term: 'Sassnitz',
  spoken: 'Sass-nitz',
  ipa: null,
  whole_word: true,
  case_sensitive: false,
  global: false,
  project_id: 'p-1',
  updated_at: '2026-11-24T10:00:00Z',
};
const own: DictionaryEntry = { ...entry, id: 'e-2', term: 'Stimmwerk', spoken: 'Schtimmwerk', project_id: null };

describe('Aussprache in diesem Projekt', () => {
  it('lists only the project’s entries, asked for with project_id', async () => {
    const { api } = renderProjectEditor({ extra: { [DICTIONARY]: { json: [entry, own] } } });
    const card = within(await screen.findByTestId('project-dictionary'));
    expect(await card.findAllByTestId('project-entry')).toHaveLength(1);
    expect(card.getByTestId('project-entry')).toHaveTextContent('Sassnitz → Sass-nitz');
    expect(new URL(api.callsTo(DICTIONARY)[0].url, 'http://localhost').searchParams.get('project_id')).toBe('p-1');
  });

  it('adds an entry for this project (with project_id) and says how many paragraphs became stale and what rendering them costs', async () => {
    const before = makeProjectDetail({ stale_paragraphs: 2, stale_cost_cent: 1_200 });
    const { api, user } = renderProjectEditor({ project: before, extra: { [SAVE]: { json: entry } } });
    const card = within(await screen.findByTestId('project-dictionary'));
    await card.findByText('Noch keine Einträge für dieses Projekt.');
    await user.type(card.getByLabelText('Begriff'), 'Sassnitz');
    await user.type(card.getByLabelText('Gesprochen als'), 'Sass-nitz');
    api.on(PROJECT_ROUTE, { json: { ...before, stale_paragraphs: 4, stale_cost_cent: 1_203 } });
    api.on(DICTIONARY, { json: [entry] });
    await user.click(card.getByRole('button', { name: 'Eintrag hinzufügen' }));
    await waitFor(() => expect(api.callsTo(SAVE)).toHaveLength(1));
    expect(api.callsTo(SAVE)[0].body).toEqual({
      term: 'Sassnitz',
      spoken: 'Sass-nitz',
      ipa: null,
      whole_word: true,
      case_sensitive: false,
      global: false,
      project_id: 'p-1',
    });
    expect(await card.findByRole('status')).toHaveTextContent('2 Absätze sind jetzt veraltet. Neu vertonen kostet 0,03 €.');
    expect(await card.findAllByTestId('project-entry')).toHaveLength(1);
    expect(card.getByLabelText('Begriff')).toHaveValue('');
  });

  it('checks the fields before sending and shows the server’s field error', async () => {
    const { api, user } = renderProjectEditor({
      extra: { [SAVE]: apiError(422, 'validation', 'Ungültige Eingabe', 'Bitte prüfen Sie Ihre Eingaben.', { spoken: 'Höchstens 200 Zeichen.' }) },
    });
    const card = within(await screen.findByTestId('project-dictionary'));
    await user.click(card.getByRole('button', { name: 'Eintrag hinzufügen' }));
    expect(await card.findByText('Bitte geben Sie den Begriff ein.')).toBeInTheDocument();
    expect(api.callsTo(SAVE)).toHaveLength(0);
    await user.type(card.getByLabelText('Begriff'), 'Sassnitz');
    await user.type(card.getByLabelText('Gesprochen als'), 'Sass-nitz');
    await user.click(card.getByRole('button', { name: 'Eintrag hinzufügen' }));
    expect(await card.findByText('Höchstens 200 Zeichen.')).toBeInTheDocument();
    expect(card.getByLabelText('Gesprochen als')).toHaveValue('Sass-nitz');
  });

  it('deletes a project entry in its scope and says what that changed', async () => {
    const before = makeProjectDetail({ stale_paragraphs: 3 });
    const remove = 'DELETE /api/pronunciation/dictionary/e-1';
    const { api, user } = renderProjectEditor({ project: before, extra: { [DICTIONARY]: { json: [entry] }, [remove]: { status: 204 } } });
    const card = within(await screen.findByTestId('project-dictionary'));
    api.on(PROJECT_ROUTE, { json: { ...before, stale_paragraphs: 2 } });
    api.on(DICTIONARY, { json: [] });
    await user.click(await card.findByRole('button', { name: 'Löschen: Sassnitz' }));
    await waitFor(() => expect(api.callsTo(remove)).toHaveLength(1));
    expect(new URL(api.callsTo(remove)[0].url, 'http://localhost').searchParams.get('project_id')).toBe('p-1');
    expect(await card.findByRole('status')).toHaveTextContent('1 Absatz ist wieder aktuell.');
    expect(await card.findByText('Noch keine Einträge für dieses Projekt.')).toBeInTheDocument();
  });
  it('exports the project’s entries as PLS, and imports a PLS file into them (what became stale, and the refused entries)', async () => {
    const IMPORT = 'POST /api/pronunciation/dictionary/import.pls';
    const before = makeProjectDetail({ stale_paragraphs: 0, stale_cost_cent: 0 });
    const { api, user } = renderProjectEditor({ project: before, extra: { [IMPORT]: { json: { saved: 2, errors: ['Eintrag 3: Ohne <grapheme>.'] } } } });
    const card = within(await screen.findByTestId('project-dictionary'));
    await card.findByText('Noch keine Einträge für dieses Projekt.');
    const link = card.getByRole('link', { name: 'Als PLS exportieren' });
    expect(link).toHaveAttribute('href', '/api/pronunciation/dictionary/export.pls?project_id=p-1');
    expect(link).toHaveAttribute('download', 'aussprache.pls');

    api.on(PROJECT_ROUTE, { json: { ...before, stale_paragraphs: 1, stale_cost_cent: 4 } });
    api.on(DICTIONARY, { json: [entry] });
    const file = new File(['<lexicon/>'], 'lexikon.pls', { type: '' });
    await user.upload(card.getByLabelText('PLS-Datei importieren'), file);
    await waitFor(() => expect(api.callsTo(IMPORT)).toHaveLength(1));
    const [call] = api.callsTo(IMPORT);
    expect(call.body).toBe(file);
    expect(call.headers['content-type']).toBe('application/pls+xml');
    expect(new URL(call.url, 'http://localhost').searchParams.get('project_id')).toBe('p-1');
    expect(await card.findByRole('status')).toHaveTextContent('2 Einträge übernommen. 1 Absatz ist jetzt veraltet. Neu vertonen kostet 0,04 €.');
    expect(card.getByTestId('project-pls-errors')).toHaveTextContent('1 Eintrag nicht übernommen:Eintrag 3: Ohne <grapheme>.');
    expect(await card.findAllByTestId('project-entry')).toHaveLength(1);
  });
});
