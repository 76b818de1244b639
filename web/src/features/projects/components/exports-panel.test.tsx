import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { apiError } from '@/testing/mock-api';
import { makeChapter, makeChapterAudio, makeChapterSummary, makeExport, makeParagraph, makeProjectDetail } from '@/testing/project-fixtures';
import { loadProjectEditor, renderProjectEditor } from '@/testing/project-editor';

beforeAll(loadProjectEditor);

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const EXPORTS = 'POST /api/projects/p-1/exports';

/** Both chapters joined once; the second has 3 paragraphs changed since (its last audio stays). */
function changedProject() {
  const joined = makeChapterSummary({ state: 'done', stale_cost_cent: 0, stale_paragraphs: 0, audio: makeChapterAudio('c-1') });
  const changed = makeChapterSummary({ id: 'c-2', position: 1, title: 'Der Leuchtturm', state: 'stale', stale_paragraphs: 3, audio: makeChapterAudio('c-2') });
  return makeProjectDetail({ stale_paragraphs: 3, stale_cost_cent: 9, chapters: [joined, changed] });
}

function setup(extra = {}) {
  const chapter = makeChapter({ state: 'done', stale_cost_cent: 0, paragraphs: [makeParagraph({ state: 'done' })] });
  return renderProjectEditor({
    project: changedProject(),
    chapter,
    extra: { 'GET /api/projects/p-1/chapters/c-2': { json: makeChapter({ id: 'c-2', title: 'Der Leuchtturm' }) }, ...extra },
  });
}

describe('Export mit geänderten Absätzen', () => {
  it('asks first, and exports the last rendered version with use_rendered', async () => {
    const { api, user } = setup({ [EXPORTS]: { status: 202, json: makeExport() } });
    const m4b = await screen.findByTestId('export-m4b');
    await waitFor(() => expect(m4b).toBeEnabled());
    await user.click(m4b);
    const dialog = await screen.findByRole('dialog', { name: 'Geänderte Absätze exportieren?' });
    expect(dialog).toHaveTextContent('3 Absätze wurden seit der letzten Vertonung geändert.');
    expect(within(dialog).getByRole('list', { name: 'Betroffene Kapitel' })).toHaveTextContent('2. Der Leuchtturm: 3 Absätze');
    expect(api.callsTo(EXPORTS)).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Zuletzt vertonte Fassung exportieren' }));
    await waitFor(() => expect(api.callsTo(EXPORTS)).toHaveLength(1));
    expect(api.callsTo(EXPORTS)[0].body).toEqual({ format: 'm4b', profile: 'standard', use_rendered: true });
    expect(await screen.findByText('Export gestartet')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('"Erst neu vertonen" exports nothing and opens the chapter with the changed paragraphs', async () => {
    const { api, user } = setup();
    const zip = await screen.findByTestId('export-zip');
    await waitFor(() => expect(zip).toBeEnabled());
    await user.click(zip);
    const dialog = await screen.findByRole('dialog', { name: 'Geänderte Absätze exportieren?' });
    await user.click(within(dialog).getByRole('button', { name: 'Erst neu vertonen' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByTestId('location')).toHaveAttribute('data-search', '?kapitel=c-2');
    expect(await screen.findByRole('heading', { level: 2, name: 'Der Leuchtturm' })).toBeInTheDocument();
    expect(api.callsTo(EXPORTS)).toHaveLength(0);
  });

  it('shows the server’s refusal (409) as it says it', async () => {
    const message = 'Einige Kapitel werden gerade vertont. Bitte warten Sie, bis sie fertig sind.';
    const { user } = setup({ [EXPORTS]: apiError(409, 'conflict', 'Konflikt', message) });
    const mp3 = await screen.findByTestId('export-mp3');
    await waitFor(() => expect(mp3).toBeEnabled());
    await user.click(mp3);
    await user.click(await screen.findByRole('button', { name: 'Zuletzt vertonte Fassung exportieren' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
  });

  it('waits while a chapter is joined again, and says why', async () => {
    const project = changedProject();
    const joining = { ...project, stale_paragraphs: 0, chapters: [project.chapters[0], { ...project.chapters[1], state: 'done' as const, stale_paragraphs: 0, audio: makeChapterAudio('c-2', { current: false }) }] };
    renderProjectEditor({ project: joining });
    const m4b = await screen.findByTestId('export-m4b');
    expect(m4b).toBeDisabled();
    expect(m4b).toHaveAccessibleDescription('Einige Kapitel werden gerade vertont. Bitte warten Sie, bis sie fertig sind.');
  });
});
