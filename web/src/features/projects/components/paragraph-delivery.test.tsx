import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { voicesFixture } from '@/testing/fixtures';
import { apiError } from '@/testing/mock-api';
import { makeChapter, makeParagraph } from '@/testing/project-fixtures';
import { CHAPTER_ROUTE, loadProjectEditor, renderProjectEditor } from '@/testing/project-editor';

beforeAll(loadProjectEditor);

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const PATCH_PARAGRAPH = 'PATCH /api/projects/p-1/paragraphs/para-1';
const PATCH_CHAPTER = 'PATCH /api/projects/p-1/chapters/c-1';

describe('Vortrag und Pausen', () => {
  it('sets tempo, pitch and the pause after a paragraph where its voice can change them (seconds to milliseconds)', async () => {
    const chapter = makeChapter({ paragraphs: [makeParagraph({ id: 'para-1', state: 'done', delivery: { speed: 1.1 } })] });
    const saved = makeParagraph({ id: 'para-1', state: 'stale', changed: true, delivery: { speed: 0.9, pitch: -2, pause_after_ms: 1500 } });
    const { api, user } = renderProjectEditor({ chapter, extra: { [PATCH_PARAGRAPH]: { json: saved } } });
    const [paragraph] = await screen.findAllByTestId('paragraph');
    expect(within(paragraph).getByTestId('paragraph-pause')).toHaveTextContent('Tempo 1,1×');
    await user.click(within(paragraph).getByRole('button', { name: 'Vortrag von Absatz 1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Vortrag von Absatz 1' });
    // The project's voice (Jonas, eSpeak NG) can change both.
    const tempo = within(dialog).getByLabelText('Sprechtempo');
    expect(tempo).toHaveValue('1.1');
    await user.selectOptions(tempo, '0,9×');
    await user.selectOptions(within(dialog).getByLabelText('Tonhöhe'), '−2 Halbtöne');
    await user.type(within(dialog).getByLabelText('Pause danach'), '1.5');
    api.on(CHAPTER_ROUTE, { json: { ...chapter, paragraphs: [saved] } });
    await user.click(within(dialog).getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(api.callsTo(PATCH_PARAGRAPH)).toHaveLength(1));
    expect(api.callsTo(PATCH_PARAGRAPH)[0].body).toEqual({ delivery: { speed: 0.9, pitch: -2, pause_after_ms: 1500 } });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(within(paragraph).getByTestId('paragraph-pause')).toHaveTextContent('Tempo 0,9× · Tonhöhe −2 Halbtöne · Pause danach: 1,5 s');
  });

  it('offers only the pause for a voice that can change neither tempo nor pitch, and drops a tempo kept from another voice', async () => {
    const voices = { ...voicesFixture, voices: voicesFixture.voices.map((v) => ({ ...v, supports_speed: false, supports_pitch: false })) };
    const chapter = makeChapter({ paragraphs: [makeParagraph({ id: 'para-1', state: 'done', delivery: { speed: 1.1 } })] });
    const { api, user } = renderProjectEditor({ chapter, extra: { 'GET /api/voices': { json: voices }, [PATCH_PARAGRAPH]: { json: chapter.paragraphs[0] } } });
    const [paragraph] = await screen.findAllByTestId('paragraph');
    await user.click(within(paragraph).getByRole('button', { name: 'Vortrag von Absatz 1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Vortrag von Absatz 1' });
    expect(within(dialog).queryByLabelText('Sprechtempo')).not.toBeInTheDocument();
    expect(within(dialog).queryByLabelText('Tonhöhe')).not.toBeInTheDocument();
    expect(within(dialog).getByLabelText('Pause danach')).toHaveAccessibleDescription(/Tempo und Tonhöhe kann diese Stimme nicht ändern/);
    await user.type(within(dialog).getByLabelText('Pause danach'), '0');
    await user.click(within(dialog).getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(api.callsTo(PATCH_PARAGRAPH)).toHaveLength(1));
    expect(api.callsTo(PATCH_PARAGRAPH)[0].body).toEqual({ delivery: { pause_after_ms: 0 } });
  });

  it('refuses a pause over 10 seconds and shows the server’s field error', async () => {
    const { api, user } = renderProjectEditor({
      extra: { [PATCH_PARAGRAPH]: apiError(422, 'validation', 'Ungültige Eingabe', 'Bitte prüfen Sie Ihre Eingaben.', { pause_after_ms: 'Die Pause darf höchstens 10 Sekunden lang sein.' }) },
    });
    const [paragraph] = await screen.findAllByTestId('paragraph');
    await user.click(within(paragraph).getByRole('button', { name: 'Vortrag von Absatz 1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Vortrag von Absatz 1' });
    const field = within(dialog).getByLabelText('Pause danach');
    await user.type(field, '12');
    await user.click(within(dialog).getByRole('button', { name: 'Speichern' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Die Pause muss zwischen 0 und 10 Sekunden liegen.');
    expect(api.callsTo(PATCH_PARAGRAPH)).toHaveLength(0);
    await user.clear(field);
    await user.type(field, '9');
    await user.click(within(dialog).getByRole('button', { name: 'Speichern' }));
    expect(await within(dialog).findByText('Die Pause darf höchstens 10 Sekunden lang sein.')).toBeInTheDocument();
    expect(field).toHaveAttribute('aria-invalid', 'true');
  });

  it('sets the pause after the chapter, and shows the server’s field error', async () => {
    const chapter = makeChapter({ pause_after_ms: 2000 });
    const { api, user } = renderProjectEditor({ chapter, extra: { [PATCH_CHAPTER]: { json: { ...chapter, pause_after_ms: 3500 } } } });
    const field = await screen.findByLabelText('Pause nach dem Kapitel');
    expect(field).toHaveValue(2);
    await user.clear(field);
    await user.type(field, '3.5');
    await user.click(within(screen.getByTestId('chapter-pause')).getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(api.callsTo(PATCH_CHAPTER)).toHaveLength(1));
    expect(api.callsTo(PATCH_CHAPTER)[0].body).toEqual({ pause_after_ms: 3500 });
    expect(await screen.findByText('Pause gespeichert')).toBeInTheDocument();

    api.on(PATCH_CHAPTER, apiError(422, 'validation', 'Ungültige Eingabe', 'Bitte prüfen Sie Ihre Eingaben.', { pause_after_ms: 'Die Pause darf höchstens 10 Sekunden lang sein.' }));
    await user.clear(field);
    await user.type(field, '4');
    await user.click(within(screen.getByTestId('chapter-pause')).getByRole('button', { name: 'Speichern' }));
    expect(await screen.findByText('Die Pause darf höchstens 10 Sekunden lang sein.')).toBeInTheDocument();
    expect(field).toHaveAccessibleDescription('Die Pause darf höchstens 10 Sekunden lang sein.');
  });
});
