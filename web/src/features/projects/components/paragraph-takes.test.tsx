import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { apiError } from '@/testing/mock-api';
import { makeChapter, makeParagraph, makeTake } from '@/testing/project-fixtures';
import { CHAPTER_ROUTE, loadProjectEditor, renderProjectEditor } from '@/testing/project-editor';
import { formatTakeTime } from './paragraph-takes';

beforeAll(loadProjectEditor);

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const TAKES = 'GET /api/projects/p-1/paragraphs/para-1/takes';
const CHOOSE = 'POST /api/projects/p-1/paragraphs/para-1/takes/take-old/choose';
const OLD_TEXT = 'Es war ein kalter Morgen.';

const newest = makeTake({ id: 'take-new', created_at: '2026-11-22T10:05:07Z', duration_seconds: 3.2, chosen: true });
const older = makeTake({
  id: 'take-old',
  created_at: '2026-11-22T10:05:01Z',
  text: OLD_TEXT,
  duration_seconds: 2.4,
  chosen: false,
  other_text: true,
  audio_url: '/api/projects/p-1/paragraphs/para-1/takes/take-old/audio',
});
const failed = makeTake({ id: 'take-failed', created_at: '2026-11-22T09:00:00Z', status: 'failed', chosen: false, duration_seconds: null, audio_url: null });

function setup(extra = {}) {
  const chapter = makeChapter({ paragraphs: [makeParagraph({ id: 'para-1', state: 'done', audio_url: '/api/projects/p-1/paragraphs/para-1/audio' })] });
  return renderProjectEditor({ chapter, extra: { [TAKES]: { json: { takes: [newest, older, failed] } }, ...extra } });
}

describe('Fassungen eines Absatzes', () => {
  it('lists the takes with time and length, marks the chosen one, and chooses an older one (free) with its text', async () => {
    const chosen = makeParagraph({ id: 'para-1', text: OLD_TEXT, state: 'done', audio_url: '/api/projects/p-1/paragraphs/para-1/audio' });
    const { api, user } = setup({ [CHOOSE]: { json: chosen } });
    const [paragraph] = await screen.findAllByTestId('paragraph');
    await user.click(within(paragraph).getByRole('button', { name: 'Fassungen von Absatz 1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Fassungen von Absatz 1' });
    const rows = await within(dialog).findAllByTestId('take');
    expect(rows).toHaveLength(3);
    // To the second, in the browser's time zone: two takes may come within one minute.
    const [newTime, oldTime] = [formatTakeTime(newest.created_at), formatTakeTime(older.created_at)];
    expect(newTime).toMatch(/^22\.11\.2026, \d\d:05:07$/);
    expect(rows[0]).toHaveTextContent(newTime);
    expect(rows[0]).toHaveTextContent('3,2 s');
    expect(within(rows[0]).getByTestId('take-chosen')).toHaveTextContent('Gewählt');
    expect(within(rows[0]).queryByRole('button', { name: /Diese Fassung verwenden/ })).not.toBeInTheDocument();
    expect(within(rows[0]).getByRole('button', { name: `Fassung vom ${newTime} anhören` })).toBeInTheDocument();
    // Only a finished take can be chosen.
    expect(within(rows[2]).getByText('Fehlgeschlagen')).toBeInTheDocument();
    expect(within(rows[2]).queryByRole('button', { name: /Diese Fassung verwenden/ })).not.toBeInTheDocument();

    // Said before choosing: the older take brings its own text back.
    expect(rows[1]).toHaveTextContent(`„${OLD_TEXT}“`);
    const use = within(rows[1]).getByRole('button', { name: `Diese Fassung verwenden: ${oldTime}` });
    expect(use).toHaveAccessibleDescription('Diese Fassung stellt ihren Text wieder her.');
    api.on(TAKES, { json: { takes: [{ ...newest, chosen: false, other_text: true }, { ...older, chosen: true, other_text: false }, failed] } });
    api.on(CHAPTER_ROUTE, { json: makeChapter({ paragraphs: [chosen] }) });
    const chapterCalls = api.callsTo(CHAPTER_ROUTE).length;
    await user.click(use);
    await waitFor(() => expect(api.callsTo(CHOOSE)).toHaveLength(1));
    expect(api.callsTo(CHOOSE)[0].body).toEqual({});
    expect(await screen.findByText('Fassung gewählt')).toBeInTheDocument();
    await waitFor(() => expect(within(within(dialog).getAllByTestId('take')[1]).getByTestId('take-chosen')).toBeInTheDocument());
    await waitFor(() => expect(api.callsTo(CHAPTER_ROUTE).length).toBeGreaterThan(chapterCalls));
    expect(within(paragraph).getByTestId('paragraph-text')).toHaveTextContent(OLD_TEXT);
  });

  it('shows the server’s refusal of a take that is not finished (409)', async () => {
    const { user } = setup({ [CHOOSE]: apiError(409, 'conflict', 'Konflikt', 'Nur eine fertig vertonte Fassung lässt sich wählen.') });
    const [paragraph] = await screen.findAllByTestId('paragraph');
    await user.click(within(paragraph).getByTestId('paragraph-takes'));
    const dialog = await screen.findByRole('dialog', { name: 'Fassungen von Absatz 1' });
    await user.click(await within(dialog).findByRole('button', { name: /Diese Fassung verwenden/ }));
    expect(await screen.findByText('Nur eine fertig vertonte Fassung lässt sich wählen.')).toBeInTheDocument();
  });

  it('offers no takes for a paragraph never rendered', async () => {
    renderProjectEditor();
    const [paragraph] = await screen.findAllByTestId('paragraph');
    expect(within(paragraph).queryByTestId('paragraph-takes')).not.toBeInTheDocument();
  });
});
