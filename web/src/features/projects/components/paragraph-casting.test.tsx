import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { apiError } from '@/testing/mock-api';
import { makeChapter, makeParagraph } from '@/testing/project-fixtures';
import { CHAPTER_ROUTE, CHARACTERS_ROUTE, loadProjectEditor, renderProjectEditor } from '@/testing/project-editor';
import { castSummary } from './paragraph-casting';

beforeAll(loadProjectEditor);

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const PATCH_PARAGRAPH = 'PATCH /api/projects/p-1/paragraphs/para-1';
const TEXT = '„Komm her!“, rief Marie. »Gleich«, sagte Jan.';
const characters = { json: { characters: [{ id: 'ch-1', name: 'Marie', voice_id: 'v-lena' }, { id: 'ch-2', name: 'Jan', voice_id: null }] } };
const quoted = (casting: (string | null)[]) => makeParagraph({ id: 'para-1', state: 'done', text: TEXT, quotations: ['„Komm her!“', '»Gleich«'], casting });

describe('Rollen am Absatz', () => {
  it('counts the characters who speak, not the quotations', () => {
    expect(castSummary([])).toBeNull();
    expect(castSummary([null, null])).toBeNull();
    expect(castSummary(['a', 'a', null])).toBe('1 Rolle');
    expect(castSummary(['a', 'b'])).toBe('2 Rollen');
  });

  it('offers no "Rollen" on a paragraph without quotations', async () => {
    renderProjectEditor();
    const [paragraph] = await screen.findAllByTestId('paragraph');
    expect(within(paragraph).queryByRole('button', { name: 'Rollen in Absatz 1' })).not.toBeInTheDocument();
  });

  it('casts each quotation (narrator or a character) and sends the whole casting', async () => {
    const chapter = makeChapter({ paragraphs: [quoted([null, null])] });
    const saved = { ...quoted(['ch-1', 'ch-2']), state: 'stale' as const, changed: true };
    const { api, user } = renderProjectEditor({ chapter, extra: { [CHARACTERS_ROUTE]: characters, [PATCH_PARAGRAPH]: { json: saved } } });
    const [paragraph] = await screen.findAllByTestId('paragraph');
    expect(within(paragraph).queryByTestId('paragraph-cast')).not.toBeInTheDocument();
    await user.click(within(paragraph).getByRole('button', { name: 'Rollen in Absatz 1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rollen in Absatz 1' });
    const first = await within(dialog).findByLabelText('Zitat 1: „Komm her!“');
    const second = within(dialog).getByLabelText('Zitat 2: »Gleich«');
    expect(first).toHaveValue('');
    expect([...(first as HTMLSelectElement).options].map((o) => o.text)).toEqual(['Erzähler', 'Marie', 'Jan (Keine Stimme mehr – bitte neu wählen)']);
    await user.selectOptions(first, 'Marie');
    await user.selectOptions(second, 'ch-2');
    api.on(CHAPTER_ROUTE, { json: { ...chapter, paragraphs: [saved] } });
    await user.click(within(dialog).getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(api.callsTo(PATCH_PARAGRAPH)).toHaveLength(1));
    expect(api.callsTo(PATCH_PARAGRAPH)[0].body).toEqual({ casting: ['ch-1', 'ch-2'] });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(within(paragraph).getByTestId('paragraph-cast')).toHaveTextContent('2 Rollen');
    expect(within(paragraph).getByTestId('paragraph-state')).toHaveTextContent('Veraltet');
  });

  it('keeps the casting and says why when the server refuses a character', async () => {
    const chapter = makeChapter({ paragraphs: [quoted(['ch-1', null])] });
    const { api, user } = renderProjectEditor({
      chapter,
      extra: {
        [CHARACTERS_ROUTE]: characters,
        [PATCH_PARAGRAPH]: apiError(422, 'validation', 'Ungültige Eingabe', 'Bitte prüfen Sie Ihre Eingaben.', { casting: 'Diese Rolle gehört nicht zum Projekt.' }),
      },
    });
    const [paragraph] = await screen.findAllByTestId('paragraph');
    expect(within(paragraph).getByTestId('paragraph-cast')).toHaveTextContent('1 Rolle');
    await user.click(within(paragraph).getByRole('button', { name: 'Rollen in Absatz 1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rollen in Absatz 1' });
    expect(await within(dialog).findByLabelText('Zitat 1: „Komm her!“')).toHaveValue('ch-1');
    await user.selectOptions(within(dialog).getByLabelText('Zitat 1: „Komm her!“'), 'Erzähler');
    await user.click(within(dialog).getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(api.callsTo(PATCH_PARAGRAPH)).toHaveLength(1));
    expect(api.callsTo(PATCH_PARAGRAPH)[0].body).toEqual({ casting: [null, null] });
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Diese Rolle gehört nicht zum Projekt.');
  });
});
