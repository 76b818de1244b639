import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TimedText } from '@/lib/timed-text';
import { makeUser, voicesFixture } from '@/testing/fixtures';
import { apiError, mockApi, type MockHandler } from '@/testing/mock-api';
import { makeChapter, makeChapterSummary, makeExport, makeParagraph, makeProjectDetail, makePublication } from '@/testing/project-fixtures';
import { renderApp } from '@/testing/test-utils';
import type { ChapterAudio, ChapterDetail, ProjectDetail, ProjectPublication } from '../api/types';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const PROJECT = 'GET /api/projects/p-1';
const CHAPTER = 'GET /api/projects/p-1/chapters/c-1';
const RENDER = 'POST /api/projects/p-1/chapters/c-1/render';
const PUBLICATION = 'GET /api/projects/p-1/publication';
const AUDIO: ChapterAudio = {
  url: '/api/projects/p-1/chapters/c-1/audio',
  duration_seconds: 12.5,
  timestamps_url: '/api/projects/p-1/chapters/c-1/timestamps',
  current: true,
};

function setup({
  project = makeProjectDetail(),
  chapter = makeChapter(),
  publication = makePublication(),
  extra = {},
  path = '/dashboard/projects/p-1',
}: {
  project?: ProjectDetail;
  chapter?: ChapterDetail | MockHandler;
  publication?: ProjectPublication;
  extra?: Record<string, MockHandler>;
  path?: string;
} = {}) {
  const api = mockApi({
    'GET /api/me': { json: makeUser({ balance_cent: 500 }) },
    'GET /api/voices': { json: voicesFixture },
    [PROJECT]: { json: project },
    [CHAPTER]: 'paragraphs' in chapter ? { json: chapter } : chapter,
    [PUBLICATION]: { json: publication },
    'GET /api/pronunciation/dictionary': { json: [] },
    'GET /api/projects/p-1/characters': { json: { characters: [] } },
    ...extra,
  });
  return { api, ...renderApp(path) };
}

/** A chapter whose paragraphs are all done, and whose audio is joined (or still being joined). */
function finishedChapter(audio: ChapterAudio | null = AUDIO): ChapterDetail {
  return makeChapter({
    state: 'done',
    stale_cost_cent: 0,
    audio,
    paragraphs: [makeParagraph({ id: 'para-1', state: 'done' }), makeParagraph({ id: 'para-2', position: 1, state: 'done' })],
  });
}

const paragraphs = () => screen.findAllByTestId('paragraph');

describe('Projekt-Editor', () => {
  it('shows every chapter with its state and cost, the totals, and the first chapter’s paragraphs', async () => {
    setup();
    expect(await screen.findByRole('heading', { level: 1, name: 'Die Reise nach Rügen' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Die Reise nach Rügen – Stimmwerk'));
    expect(screen.getByTestId('project-totals')).toHaveTextContent('Gesamt: 123.456 Zeichen · 123,46 €, davon noch zu vertonen: 12,00 €');
    expect(screen.getByTestId('project-spent')).toHaveTextContent('Bisher ausgegeben: 2,50 €');
    const items = screen.getAllByTestId('chapter-item');
    expect(items.map((i) => i.textContent)).toEqual(['1. AnkunftZu vertonen12,34 €', '2. Der LeuchtturmFertig2,50 €']);
    expect(items[0]).toHaveAttribute('aria-current', 'page');

    expect(await screen.findByRole('heading', { level: 2, name: 'Ankunft' })).toBeInTheDocument();
    expect(screen.getByTestId('chapter-costs')).toHaveTextContent('Kapitel: 12,34 € · jetzt zu vertonen: 1,20 €');
    expect(screen.getByTestId('chapter-render')).toHaveTextContent('Kapitel vertonen (1,20 €)');
    const [first] = await paragraphs();
    expect(first).toHaveAttribute('data-state', 'stale');
    expect(within(first).getByTestId('paragraph-state')).toHaveTextContent('Zu vertonen');
    expect(within(first).getByTestId('paragraph-cost')).toHaveTextContent('0,04 €');
    expect(screen.getByLabelText('Stimme dieses Kapitels')).toHaveTextContent('Stimme des Projekts');
  });

  it('opens the chapter named in the address, and a chosen chapter goes into the address', async () => {
    const second = makeChapter({ id: 'c-2', title: 'Der Leuchtturm', paragraphs: [makeParagraph({ id: 'para-9', state: 'done' })] });
    const { user } = setup({ path: '/dashboard/projects/p-1?kapitel=c-2', extra: { 'GET /api/projects/p-1/chapters/c-2': { json: second } } });
    expect(await screen.findByRole('heading', { level: 2, name: 'Der Leuchtturm' })).toBeInTheDocument();
    expect(screen.getAllByTestId('chapter-item')[1]).toHaveAttribute('aria-current', 'page');
    await user.click(screen.getAllByTestId('chapter-item')[0]);
    expect(await screen.findByRole('heading', { level: 2, name: 'Ankunft' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveAttribute('data-search', '?kapitel=c-1');
  });

  it('renders a chapter only after confirming the charge, then shows how far it is and the new balance', async () => {
    const rendering = makeChapter({
      state: 'rendering',
      stale_cost_cent: 0,
      paragraphs: [makeParagraph({ id: 'para-1', state: 'done' }), makeParagraph({ id: 'para-2', position: 1, state: 'rendering' })],
    });
    const { api, user } = setup({ extra: { [RENDER]: { status: 202, json: { chapter: rendering, charged_cent: 120, balance_cent: 380 } } } });
    await user.click(await screen.findByTestId('chapter-render'));
    const dialog = await screen.findByRole('dialog', { name: 'Kapitel vertonen?' });
    expect(dialog).toHaveTextContent('1,20 € werden von Ihrem Guthaben abgebucht.');
    expect(api.callsTo(RENDER)).toHaveLength(0);
    api.on(CHAPTER, { json: rendering });
    api.on('GET /api/me', { json: makeUser({ balance_cent: 380 }) });
    await user.click(within(dialog).getByTestId('chapter-render-confirm'));
    await waitFor(() => expect(api.callsTo(RENDER)).toHaveLength(1));
    expect(await screen.findByText('1 von 2 Absätzen fertig')).toBeInTheDocument();
    expect(screen.getByTestId('chapter-render')).toBeDisabled();
    expect((await paragraphs()).map((p) => p.getAttribute('data-state'))).toEqual(['done', 'rendering']);
    expect(await screen.findByText('1,20 € wurden von Ihrem Guthaben abgebucht.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('balance-badge')).toHaveTextContent('3,80 €'));
  });

  it('says why when the balance is too short (402) and leaves the chapter as it was', async () => {
    const { user } = setup({
      extra: { [RENDER]: apiError(402, 'insufficient_balance', 'Unzureichendes Guthaben', 'Ihr Guthaben reicht nicht für dieses Kapitel (1,20 €).') },
    });
    await user.click(await screen.findByTestId('chapter-render'));
    await user.click(await screen.findByTestId('chapter-render-confirm'));
    expect(await screen.findByText('Unzureichendes Guthaben')).toBeInTheDocument();
    expect(screen.getByText('Ihr Guthaben reicht nicht für dieses Kapitel (1,20 €).')).toBeInTheDocument();
    expect(screen.getByTestId('chapter-render')).toHaveTextContent('Kapitel vertonen (1,20 €)');
  });

  it('offers nothing to render once every paragraph is done', async () => {
    setup({ chapter: finishedChapter(), extra: { [`GET ${AUDIO.timestamps_url}`]: { json: timed } } });
    const button = await screen.findByTestId('chapter-render');
    await waitFor(() => expect(button).toHaveTextContent('Alles vertont'));
    expect(button).toBeDisabled();
  });

  it('saves an edited paragraph with PATCH and shows it stale with its new cost', async () => {
    const done = makeChapter({ paragraphs: [makeParagraph({ id: 'para-1', state: 'done' }), makeParagraph({ id: 'para-2', position: 1, state: 'done' })] });
    const edited = makeParagraph({ id: 'para-1', text: 'Es war ein eisiger Morgen auf der Insel Rügen.', characters: 46, cost_cent: 5, state: 'stale', changed: true });
    const { api, user } = setup({ chapter: done, extra: { 'PATCH /api/projects/p-1/paragraphs/para-1': { json: edited } } });
    const [first] = await paragraphs();
    expect(first).toHaveAttribute('data-state', 'done');
    await user.click(within(first).getByRole('button', { name: 'Absatz 1 bearbeiten' }));
    const field = within(first).getByLabelText('Text von Absatz 1');
    await user.clear(field);
    await user.type(field, edited.text);
    api.on(CHAPTER, { json: { ...done, paragraphs: [edited, done.paragraphs[1]], state: 'stale', stale_cost_cent: 5 } });
    await user.click(within(first).getByTestId('paragraph-save'));
    await waitFor(() => expect(api.callsTo('PATCH /api/projects/p-1/paragraphs/para-1')).toHaveLength(1));
    expect(api.callsTo('PATCH /api/projects/p-1/paragraphs/para-1')[0].body).toEqual({ text: edited.text });
    await waitFor(() => expect(first).toHaveAttribute('data-state', 'stale'));
    expect(within(first).getByTestId('paragraph-state')).toHaveTextContent('Veraltet');
    expect(within(first).getByTestId('paragraph-cost')).toHaveTextContent('0,05 €');
    expect(within(first).getByTestId('paragraph-text')).toHaveTextContent(edited.text);
    expect(await screen.findByText('Kapitel: 12,34 € · jetzt zu vertonen: 0,05 €')).toBeInTheDocument();
  });

  it('sets a paragraph’s own voice (a second speaker) with PATCH', async () => {
    const { api, user } = setup({ extra: { 'PATCH /api/projects/p-1/paragraphs/para-2': { json: makeParagraph({ id: 'para-2', voice_id: 'v-lena' }) } } });
    await paragraphs();
    await user.selectOptions(screen.getByLabelText('Stimme für Absatz 2'), 'v-lena');
    await waitFor(() => expect(api.callsTo('PATCH /api/projects/p-1/paragraphs/para-2')).toHaveLength(1));
    expect(api.callsTo('PATCH /api/projects/p-1/paragraphs/para-2')[0].body).toEqual({ voice_id: 'v-lena' });
  });
});

const timed: TimedText = {
  precision: 'measured',
  word_level: false,
  sentences: [
    { text: 'Es war ein kalter Morgen auf der Insel.', start_ms: 0, end_ms: 3000 },
    { text: 'Der Wind kam von Osten.', start_ms: 3200, end_ms: 5000 },
  ],
};

describe('Projekt-Editor: Kapitelaudio', () => {
  it('polls the chapter while it renders and while its audio is joined, and stops once nothing moves', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const rendering = makeChapter({ state: 'rendering', paragraphs: [makeParagraph({ id: 'para-1', state: 'rendering' })] });
    const answers = [rendering, finishedChapter(null), finishedChapter()];
    let asked = 0;
    const { api } = setup({ chapter: () => ({ json: answers[Math.min(asked++, answers.length - 1)] }), extra: { [`GET ${AUDIO.timestamps_url}`]: { json: timed } } });
    expect(await screen.findByText('0 von 1 Absatz fertig')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(1_600));
    expect(await screen.findByTestId('chapter-joining')).toHaveTextContent('Das Kapitelaudio wird zusammengefügt');
    await act(() => vi.advanceTimersByTimeAsync(1_600));
    expect(await screen.findByTestId('chapter-player')).toBeInTheDocument();
    const calls = api.callsTo(CHAPTER).length;
    expect(calls).toBe(3);
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(api.callsTo(CHAPTER)).toHaveLength(calls);
  });

  it('plays the chapter with its transcript following it; a sentence starts it from there; subtitles download', async () => {
    vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(function (this: HTMLMediaElement) {
      this.dispatchEvent(new Event('play'));
      return Promise.resolve();
    });
    setup({ chapter: finishedChapter(), extra: { [`GET ${AUDIO.timestamps_url}`]: { json: timed } } });
    const player = await screen.findByTestId('chapter-player');
    const audio = within(player).getByTestId('chapter-audio') as HTMLAudioElement;
    // The address names the join: a new join under the same address is fetched anew.
    expect(audio.getAttribute('src')).toMatch(new RegExp(`^${AUDIO.url}\\?v=`));
    expect(within(player).getByTestId('chapter-duration')).toHaveTextContent('0:12');
    const sentences = await within(player).findAllByTestId('transcript-sentence');
    audio.currentTime = 3.5;
    fireEvent.timeUpdate(audio);
    expect(sentences[1]).toHaveAttribute('data-active', 'true');
    expect(sentences[0]).not.toHaveAttribute('data-active');
    fireEvent.click(sentences[0]);
    expect(sentences[0]).toHaveAttribute('data-active', 'true');
    expect(within(player).getByRole('button', { name: 'Untertitel (SRT)' })).toBeInTheDocument();
  });
});

describe('Projekt-Editor: Export', () => {
  it('keeps the export buttons disabled until every chapter is done', async () => {
    setup();
    const m4b = await screen.findByTestId('export-m4b');
    for (const id of ['export-m4b', 'export-mp3', 'export-zip']) expect(screen.getByTestId(id)).toBeDisabled();
    expect(m4b).toHaveAccessibleDescription('Erst alle Kapitel vertonen');
  });

  it('starts an export once every chapter is done, polls its progress, and downloads it when completed', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const done = makeChapterSummary({ state: 'done', stale_cost_cent: 0, stale_paragraphs: 0, audio: AUDIO });
    const project = makeProjectDetail({ stale_cost_cent: 0, stale_paragraphs: 0, chapters: [done, { ...done, id: 'c-2', title: 'Der Leuchtturm' }] });
    const running = makeExport({ status: 'processing', progress: 0.4 });
    const completed = makeExport({ status: 'completed', progress: 1, size_bytes: 4_500_000, download_url: '/api/projects/p-1/exports/e-1/download' });
    const { api, user } = setup({
      project,
      chapter: finishedChapter(),
      extra: {
        [`GET ${AUDIO.timestamps_url}`]: { json: timed },
        'POST /api/projects/p-1/exports': { status: 202, json: makeExport() },
        'GET /api/projects/p-1/exports/e-1/download': { body: 'ftyp', headers: { 'Content-Type': 'audio/mp4' } },
      },
    });
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:export');
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    const m4b = await screen.findByTestId('export-m4b');
    await waitFor(() => expect(m4b).toBeEnabled());
    api.on(PROJECT, { json: { ...project, exports: [running] } });
    await user.click(m4b);
    expect(api.callsTo('POST /api/projects/p-1/exports')[0].body).toEqual({ format: 'm4b', profile: 'standard' });
    const row = await screen.findByTestId('export-row');
    await waitFor(() => expect(row).toHaveAttribute('data-status', 'processing'));
    expect(within(row).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '40');

    api.on(PROJECT, { json: { ...project, exports: [completed] } });
    await act(() => vi.advanceTimersByTimeAsync(2_100));
    await waitFor(() => expect(screen.getByTestId('export-row')).toHaveAttribute('data-status', 'completed'));
    expect(screen.getByTestId('export-row')).toHaveTextContent('4,5 MB');
    const asked = api.callsTo(PROJECT).length;
    await act(() => vi.advanceTimersByTimeAsync(6_000));
    expect(api.callsTo(PROJECT)).toHaveLength(asked);

    await user.click(screen.getByTestId('export-download'));
    // Saved under the title as written, umlaut and spaces included (as the server names it).
    await waitFor(() => expect(saved).toEqual(['Die Reise nach Rügen.m4b']));
  });
});

describe('Projekt-Editor: Exportprofile', () => {
  const EXPORTS = 'POST /api/projects/p-1/exports';
  const REFUSAL = 'ACX verlangt ein quadratisches Cover von mindestens 2400 × 2400 Pixeln (dieses: 1400 × 2000).';
  /** A project whose chapters are all done and joined: it can be exported. */
  function readyProject() {
    const done = makeChapterSummary({ state: 'done', stale_cost_cent: 0, stale_paragraphs: 0, audio: AUDIO });
    return makeProjectDetail({ stale_cost_cent: 0, stale_paragraphs: 0, chapters: [done, { ...done, id: 'c-2', title: 'Der Leuchtturm' }] });
  }

  it('offers the profiles with Standard chosen, explains the chosen one, and sends "acx" with the export', async () => {
    const project = readyProject();
    const { api, user } = setup({
      project,
      chapter: finishedChapter(),
      extra: { [`GET ${AUDIO.timestamps_url}`]: { json: timed }, [EXPORTS]: { status: 202, json: makeExport({ profile: 'acx' }) } },
    });
    const group = await screen.findByRole('radiogroup', { name: 'Profil' });
    expect(within(group).getAllByRole('radio').map((r) => r.textContent)).toEqual(['Standard', 'Hörbuch (ACX)', 'Podcast']);
    expect(within(group).getByRole('radio', { name: 'Standard' })).toBeChecked();
    expect(screen.getByTestId('export-profile-hint')).toHaveTextContent('Wie vertont');
    expect(group).toHaveAccessibleDescription(/Wie vertont/);

    await user.click(within(group).getByRole('radio', { name: 'Hörbuch (ACX)' }));
    expect(within(group).getByRole('radio', { name: 'Hörbuch (ACX)' })).toBeChecked();
    expect(screen.getByTestId('export-profile-hint')).toHaveTextContent('Für Audible/ACX: 44,1 kHz, 192 kbit/s konstant');
    expect(screen.getByTestId('export-profile-hint')).toHaveTextContent('Als ZIP eine Datei je Kapitel');
    expect(screen.queryByTestId('export-profile-refusal')).not.toBeInTheDocument();

    const m4b = screen.getByTestId('export-m4b');
    await waitFor(() => expect(m4b).toBeEnabled());
    // The project asked again after the start lists the export.
    api.on(PROJECT, { json: { ...project, exports: [makeExport({ profile: 'acx' })] } });
    await user.click(m4b);
    await waitFor(() => expect(api.callsTo(EXPORTS)).toHaveLength(1));
    expect(api.callsTo(EXPORTS)[0].body).toEqual({ format: 'm4b', profile: 'acx' });
    const row = await screen.findByTestId('export-row');
    expect(row).toHaveAttribute('data-profile', 'acx');
    expect(within(row).getByTestId('export-row-profile')).toHaveTextContent('Profil: ACX');
  });

  it('says beside the ACX choice why ACX would refuse the cover, and shows the server’s refusal', async () => {
    const publication = makePublication({ cover: { url: '/api/projects/p-1/cover', width: 1400, height: 2000, acx_refusal: REFUSAL } });
    const { user } = setup({
      project: readyProject(),
      chapter: finishedChapter(),
      publication,
      extra: {
        [`GET ${AUDIO.timestamps_url}`]: { json: timed },
        [EXPORTS]: apiError(409, 'conflict', 'Cover passt nicht zu ACX', REFUSAL),
      },
    });
    const group = await screen.findByRole('radiogroup', { name: 'Profil' });
    // The panel knows the cover once the publication is loaded; Standard needs no square cover.
    await screen.findByTestId('cover-image');
    expect(screen.queryByTestId('export-profile-refusal')).not.toBeInTheDocument();
    await user.click(within(group).getByRole('radio', { name: 'Hörbuch (ACX)' }));
    expect(screen.getByTestId('export-profile-refusal')).toHaveTextContent(REFUSAL);
    expect(group).toHaveAccessibleDescription(new RegExp(REFUSAL.slice(0, 30)));

    const zip = screen.getByTestId('export-zip');
    await waitFor(() => expect(zip).toBeEnabled());
    await user.click(zip);
    expect(await screen.findByText('Cover passt nicht zu ACX')).toBeInTheDocument();
    expect(screen.queryByTestId('export-row')).not.toBeInTheDocument();

    await user.click(within(group).getByRole('radio', { name: 'Podcast' }));
    expect(screen.queryByTestId('export-profile-refusal')).not.toBeInTheDocument();
    expect(screen.getByTestId('export-profile-hint')).toHaveTextContent('−16 LUFS, 128 kbit/s, 44,1 kHz.');
  });
});

describe('Projekt-Editor: Veröffentlichung', () => {
  const PUT_PUBLICATION = 'PUT /api/projects/p-1/publication';
  const COVER = '/api/projects/p-1/cover';
  const publicationCard = async () => within(await screen.findByTestId('publication-form'));

  it('shows the saved details and the narrator (read-only), and saves the fields with PUT', async () => {
    const saved = makePublication({ author: 'Theodor Fontane', publisher: 'Hörverlag Nord', genre: 'Roman', year: 1896, comment: 'Ein Klassiker.' });
    const { api, user } = setup({ publication: makePublication({ genre: 'Reise' }), extra: { [PUT_PUBLICATION]: { json: saved } } });
    const form = await publicationCard();
    expect(screen.getByRole('heading', { level: 2, name: 'Veröffentlichung' })).toBeInTheDocument();
    expect(form.getByLabelText('Genre')).toHaveValue('Reise');
    const narrator = form.getByLabelText('Sprecher');
    expect(narrator).toHaveValue('Jonas');
    expect(narrator).toHaveAttribute('readonly');
    expect(narrator).toHaveAccessibleDescription(/Stimme des Projekts/);

    await user.type(form.getByLabelText('Autor'), ' Theodor Fontane ');
    await user.type(form.getByLabelText('Verlag'), 'Hörverlag Nord');
    await user.clear(form.getByLabelText('Genre'));
    await user.type(form.getByLabelText('Genre'), 'Roman');
    await user.type(form.getByLabelText('Jahr'), '1896');
    await user.type(form.getByLabelText('Kommentar'), 'Ein Klassiker.');
    await user.click(form.getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(api.callsTo(PUT_PUBLICATION)).toHaveLength(1));
    expect(api.callsTo(PUT_PUBLICATION)[0].body).toEqual({
      author: 'Theodor Fontane',
      publisher: 'Hörverlag Nord',
      genre: 'Roman',
      year: 1896,
      comment: 'Ein Klassiker.',
    });
    expect(await screen.findByText('Veröffentlichung gespeichert')).toBeInTheDocument();
    expect(form.getByLabelText('Autor')).toHaveValue('Theodor Fontane');
  });

  it('checks the year before sending, and shows the server’s field error at its field', async () => {
    const { api, user } = setup({
      extra: { [PUT_PUBLICATION]: apiError(422, 'validation', 'Ungültige Eingabe', 'Bitte prüfen Sie Ihre Eingaben.', { author: 'Der Autor darf höchstens 200 Zeichen lang sein.' }) },
    });
    const form = await publicationCard();
    const year = form.getByLabelText('Jahr');
    await user.type(year, '96');
    await user.click(form.getByRole('button', { name: 'Speichern' }));
    expect(await form.findByText('Bitte geben Sie ein Jahr mit vier Ziffern an.')).toBeInTheDocument();
    expect(year).toHaveAttribute('aria-invalid', 'true');
    expect(api.callsTo(PUT_PUBLICATION)).toHaveLength(0);

    await user.clear(year);
    await user.type(form.getByLabelText('Autor'), 'Sehr langer Name');
    await user.click(form.getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(api.callsTo(PUT_PUBLICATION)).toHaveLength(1));
    expect(api.callsTo(PUT_PUBLICATION)[0].body).toEqual({ author: 'Sehr langer Name', publisher: '', genre: '', year: null, comment: '' });
    const author = form.getByLabelText('Autor');
    await waitFor(() => expect(author).toHaveAttribute('aria-invalid', 'true'));
    expect(author).toHaveAccessibleDescription('Der Autor darf höchstens 200 Zeichen lang sein.');
    expect(screen.queryByText('Veröffentlichung gespeichert')).not.toBeInTheDocument();
  });

  it('uploads a cover as multipart with PUT and shows its thumbnail and size', async () => {
    const uploaded = makePublication({ cover: { url: COVER, width: 3000, height: 3000, acx_refusal: null } });
    const { api, user } = setup({ extra: { [`PUT ${COVER}`]: { json: uploaded } } });
    expect(await screen.findByTestId('cover-empty')).toHaveTextContent('Noch kein Cover.');
    expect(screen.queryByRole('button', { name: 'Cover entfernen' })).not.toBeInTheDocument();
    const file = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'cover.png', { type: 'image/png' });
    const input = screen.getByLabelText('Cover-Bild wählen');
    expect(input).toHaveAttribute('accept', 'image/jpeg,image/png');
    await user.upload(input, file);
    await waitFor(() => expect(api.callsTo(`PUT ${COVER}`)).toHaveLength(1));
    const body = api.callsTo(`PUT ${COVER}`)[0].body;
    expect(body).toBeInstanceOf(FormData);
    expect((body as FormData).get('file')).toBeInstanceOf(File);
    expect(((body as FormData).get('file') as File).name).toBe('cover.png');

    const image = await screen.findByRole('img', { name: 'Cover' });
    expect(image.getAttribute('src')).toMatch(new RegExp(`^${COVER}\\?v=\\d+$`));
    expect(screen.getByTestId('cover-size')).toHaveTextContent('3000 × 3000 px');
    expect(screen.queryByTestId('cover-acx-refusal')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cover ersetzen' })).toBeInTheDocument();
    expect(await screen.findByText('Cover gespeichert')).toBeInTheDocument();
  });

  it('shows why the server refused a picture', async () => {
    const refusal = 'Das Cover muss zwischen 1400 und 6000 Pixel breit und hoch sein (erhalten: 800 × 800).';
    const { user } = setup({ extra: { [`PUT ${COVER}`]: apiError(422, 'validation', 'Ungültige Eingabe', 'Bitte prüfen Sie Ihre Eingaben.', { file: refusal }) } });
    await screen.findByTestId('cover-empty');
    await user.upload(screen.getByLabelText('Cover-Bild wählen'), new File(['x'], 'klein.jpg', { type: 'image/jpeg' }));
    expect(await within(screen.getByTestId('cover')).findByRole('alert')).toHaveTextContent(refusal);
    expect(screen.getByRole('button', { name: 'Cover hochladen' })).toHaveAccessibleDescription(refusal);
    expect(screen.queryByRole('img', { name: 'Cover' })).not.toBeInTheDocument();
  });

  it('notes why ACX would refuse the cover, and removes the cover with DELETE', async () => {
    const refusal = 'ACX verlangt ein quadratisches Cover von mindestens 2400 × 2400 Pixeln (dieses: 1400 × 2000).';
    const publication = makePublication({ cover: { url: COVER, width: 1400, height: 2000, acx_refusal: refusal } });
    const { api, user } = setup({ publication, extra: { [`DELETE ${COVER}`]: { json: makePublication() } } });
    expect(await screen.findByRole('img', { name: 'Cover' })).toBeInTheDocument();
    expect(screen.getByTestId('cover-size')).toHaveTextContent('1400 × 2000 px');
    expect(screen.getByTestId('cover-acx-refusal')).toHaveTextContent(refusal);
    await user.click(screen.getByRole('button', { name: 'Cover entfernen' }));
    await waitFor(() => expect(api.callsTo(`DELETE ${COVER}`)).toHaveLength(1));
    expect(await screen.findByTestId('cover-empty')).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: 'Cover' })).not.toBeInTheDocument();
    expect(screen.queryByTestId('cover-acx-refusal')).not.toBeInTheDocument();
    expect(await screen.findByText('Cover entfernt')).toBeInTheDocument();
  });
});

describe('Projekt-Editor: Kapitel teilen und zusammenführen', () => {
  const SPLIT = 'POST /api/projects/p-1/paragraphs/para-2/split';
  const MERGE = 'POST /api/projects/p-1/chapters/c-2/merge';
  const leuchtturm = () => makeChapter({ id: 'c-2', position: 1, title: 'Der Leuchtturm', paragraphs: [makeParagraph({ id: 'para-9', state: 'done' })] });

  it('splits a chapter at a paragraph after asking for the new title, then opens the new chapter', async () => {
    const newChapter = makeChapter({ id: 'c-new', position: 1, title: 'Der Wind', paragraphs: [makeParagraph({ id: 'para-2', state: 'done' })] });
    const after = makeProjectDetail({
      chapters: [
        makeChapterSummary(),
        makeChapterSummary({ id: 'c-new', position: 1, title: 'Der Wind', state: 'done', stale_cost_cent: 0 }),
        makeChapterSummary({ id: 'c-2', position: 2, title: 'Der Leuchtturm', state: 'done', stale_cost_cent: 0 }),
      ],
    });
    const { api, user } = setup({
      extra: { [SPLIT]: { status: 201, json: { chapter_id: 'c-new', project: after } }, 'GET /api/projects/p-1/chapters/c-new': { json: newChapter } },
    });
    const [first, second] = await paragraphs();
    // The first paragraph begins its chapter already.
    expect(within(first).queryByTestId('paragraph-split')).not.toBeInTheDocument();
    await user.click(within(second).getByRole('button', { name: 'Hier teilen: Absatz 2 beginnt ein neues Kapitel' }));
    const dialog = await screen.findByRole('dialog', { name: 'Kapitel hier teilen?' });
    expect(dialog).toHaveTextContent('Absatz 2 und alle Absätze danach werden ein neues Kapitel direkt nach diesem.');
    expect(dialog).toHaveTextContent('werden nicht noch einmal berechnet');
    const title = within(dialog).getByLabelText('Titel des neuen Kapitels');
    expect(title).toHaveValue('Kapitel 2');
    expect(api.callsTo(SPLIT)).toHaveLength(0);
    await user.clear(title);
    await user.type(title, '  Der Wind ');
    api.on(PROJECT, { json: after });
    await user.click(within(dialog).getByTestId('chapter-split-confirm'));
    await waitFor(() => expect(api.callsTo(SPLIT)).toHaveLength(1));
    expect(api.callsTo(SPLIT)[0].body).toEqual({ title: 'Der Wind' });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveAttribute('data-search', '?kapitel=c-new'));
    expect(await screen.findByRole('heading', { level: 2, name: 'Der Wind' })).toBeInTheDocument();
    expect(screen.getAllByTestId('chapter-item').map((i) => i.getAttribute('data-chapter-id'))).toEqual(['c-1', 'c-new', 'c-2']);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('asks for a title before splitting and shows the server’s refusal under the field', async () => {
    const { api, user } = setup({
      extra: { [SPLIT]: apiError(422, 'validation', 'Ungültige Eingabe', 'Höchstens 200 Zeichen.') },
    });
    const [, second] = await paragraphs();
    await user.click(within(second).getByTestId('paragraph-split'));
    const dialog = await screen.findByRole('dialog', { name: 'Kapitel hier teilen?' });
    const title = within(dialog).getByLabelText('Titel des neuen Kapitels');
    await user.clear(title);
    await user.click(within(dialog).getByTestId('chapter-split-confirm'));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Bitte geben Sie einen Titel ein.');
    expect(title).toHaveAttribute('aria-invalid', 'true');
    expect(api.callsTo(SPLIT)).toHaveLength(0);
    await user.type(title, 'Zu lang');
    await user.click(within(dialog).getByTestId('chapter-split-confirm'));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Höchstens 200 Zeichen.');
    expect(screen.getByTestId('location')).toHaveAttribute('data-search', '');
  });

  it('merges a chapter into the one before only after a confirmation, then opens that chapter', async () => {
    const merged = makeProjectDetail({ chapters: [makeChapterSummary({ paragraph_count: 3 })] });
    const { api, user } = setup({
      path: '/dashboard/projects/p-1?kapitel=c-2',
      extra: { 'GET /api/projects/p-1/chapters/c-2': { json: leuchtturm() }, [MERGE]: { json: { chapter_id: 'c-1', project: merged } } },
    });
    expect(await screen.findByRole('heading', { level: 2, name: 'Der Leuchtturm' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Mit vorigem Kapitel zusammenführen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Kapitel zusammenführen?' });
    expect(dialog).toHaveTextContent('Der Absatz von „Der Leuchtturm“ wird an „Ankunft“ angehängt; das Kapitel „Der Leuchtturm“ entfällt.');
    expect(api.callsTo(MERGE)).toHaveLength(0);
    api.on(PROJECT, { json: merged });
    await user.click(within(dialog).getByTestId('chapter-merge-confirm'));
    await waitFor(() => expect(api.callsTo(MERGE)).toHaveLength(1));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveAttribute('data-search', '?kapitel=c-1'));
    expect(await screen.findByRole('heading', { level: 2, name: 'Ankunft' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByTestId('chapter-item')).toHaveLength(1));
    // The merged chapter is not asked for again (it would answer 404).
    const asked = api.callsTo('GET /api/projects/p-1/chapters/c-2').length;
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(api.callsTo('GET /api/projects/p-1/chapters/c-2')).toHaveLength(asked);
  });

  it('offers no merge on the first chapter', async () => {
    setup();
    expect(await screen.findByRole('heading', { level: 2, name: 'Ankunft' })).toBeInTheDocument();
    expect(screen.queryByTestId('chapter-merge')).not.toBeInTheDocument();
  });
});

describe('Projekt-Editor: lange Kapitel', () => {
  const TOTAL = 450;
  const PAGE = 200;
  // Asked within the list's footer: a role query over hundreds of paragraphs (each with its
  // buttons) would spend seconds on every call computing names and visibility.
  const footer = () => within(screen.getByTestId('paragraphs-shown').parentElement as HTMLElement);
  const more = () => footer().getByRole('button', { name: 'Weitere Absätze laden' });
  const shown = () => screen.getByTestId('paragraphs-shown');

  /** A chapter of 450 paragraphs that the server answers in pages of 200 (`?offset=`). */
  function longChapter() {
    const texts = Array.from({ length: TOTAL }, (_, i) => `Satz Nummer ${i + 1} der langen Reise.`);
    const page = (offset: number): ChapterDetail => {
      const end = Math.min(TOTAL, offset + PAGE);
      return makeChapter({
        paragraph_count: TOTAL,
        next_offset: end < TOTAL ? end : null,
        paragraphs: texts.slice(offset, end).map((text, i) => makeParagraph({ id: `para-${offset + i + 1}`, position: offset + i, text })),
      });
    };
    const offsetOf = (url: string) => Number(new URL(url, 'http://localhost').searchParams.get('offset') ?? 0);
    const handler: MockHandler = (req) => ({ json: page(offsetOf(req.url)) });
    return { texts, handler, offsetOf };
  }

  it('shows the first 200 paragraphs, loads the rest page by page, and numbers them through the chapter', async () => {
    const { handler, offsetOf } = longChapter();
    const { api, user } = setup({ chapter: handler });
    expect(await paragraphs()).toHaveLength(200);
    expect(shown()).toHaveTextContent('200 von 450 Absätzen angezeigt');
    expect(api.callsTo(CHAPTER).map((c) => offsetOf(c.url))).toEqual([0]);

    await user.click(more());
    await waitFor(() => expect(screen.getAllByTestId('paragraph')).toHaveLength(400));
    expect(shown()).toHaveTextContent('400 von 450 Absätzen angezeigt');
    expect(api.callsTo(CHAPTER).at(-1)?.url).toContain('offset=200&limit=200');
    const items = screen.getAllByTestId('paragraph');
    expect(items[200]).toHaveAttribute('data-paragraph-id', 'para-201');
    expect(within(items[200]).getByText('Absatz 201')).toBeInTheDocument();
    expect(within(items[200]).getByTestId('paragraph-text')).toHaveTextContent('Satz Nummer 201 der langen Reise.');
    expect(within(items[199]).getByText('Absatz 200')).toBeInTheDocument();

    await user.click(more());
    await waitFor(() => expect(screen.getAllByTestId('paragraph')).toHaveLength(450));
    expect(within(screen.getAllByTestId('paragraph')[449]).getByText('Absatz 450')).toBeInTheDocument();
    expect(footer().queryByRole('button', { name: 'Weitere Absätze laden' })).not.toBeInTheDocument();
    expect(shown()).toHaveTextContent('Alle 450 Absätze angezeigt');
    // The button went away under the keyboard: the count below the list keeps the focus.
    expect(shown()).toHaveFocus();
    expect(api.callsTo(CHAPTER).map((c) => offsetOf(c.url))).toEqual([0, 200, 400]);
  });

  it('saves an edited paragraph of a later page and shows its new text', async () => {
    const { texts, handler, offsetOf } = longChapter();
    const edited = makeParagraph({ id: 'para-250', position: 249, text: 'Ein neuer Satz auf Seite zwei.', characters: 30, cost_cent: 3, changed: true });
    const { api, user } = setup({
      chapter: handler,
      extra: {
        'PATCH /api/projects/p-1/paragraphs/para-250': () => {
          texts[249] = edited.text;
          return { json: edited };
        },
      },
    });
    await paragraphs();
    await user.click(more());
    await waitFor(() => expect(screen.getAllByTestId('paragraph')).toHaveLength(400));
    const item = screen.getAllByTestId('paragraph')[249];
    await user.click(within(item).getByRole('button', { name: 'Absatz 250 bearbeiten' }));
    const field = within(item).getByLabelText('Text von Absatz 250');
    await user.clear(field);
    await user.type(field, edited.text);
    await user.click(within(item).getByTestId('paragraph-save'));
    await waitFor(() => expect(within(item).getByTestId('paragraph-text')).toHaveTextContent(edited.text));
    expect(api.callsTo('PATCH /api/projects/p-1/paragraphs/para-250')[0].body).toEqual({ text: edited.text });
    expect(screen.getAllByTestId('paragraph')).toHaveLength(400);
    // The saved answer went into its page; only the first page (the totals) is asked again.
    await waitFor(() => expect(api.callsTo(CHAPTER).map((c) => offsetOf(c.url))).toEqual([0, 200, 0]));
  });

  it('says why a further page failed and loads it on retry', async () => {
    const { handler, offsetOf } = longChapter();
    let refused = false;
    const { user } = setup({
      chapter: (req) => {
        if (offsetOf(req.url) === 200 && !refused) {
          refused = true;
          return apiError(429, 'rate_limited', 'Zu viele Anfragen', 'Bitte warten Sie einen Moment und versuchen Sie es erneut.');
        }
        return handler(req);
      },
    });
    await paragraphs();
    await user.click(more());
    const alert = await footer().findByRole('alert');
    expect(alert).toHaveTextContent('Weitere Absätze konnten nicht geladen werden');
    expect(alert).toHaveTextContent('Bitte warten Sie einen Moment');
    expect(screen.getAllByTestId('paragraph')).toHaveLength(200);
    expect(shown()).toHaveFocus();
    await user.click(within(alert).getByRole('button', { name: 'Erneut versuchen' }));
    await waitFor(() => expect(screen.getAllByTestId('paragraph')).toHaveLength(400));
    expect(footer().queryByRole('alert')).not.toBeInTheDocument();
    expect(shown()).toHaveTextContent('400 von 450 Absätzen angezeigt');
    expect(more()).toBeEnabled();
  });
});
