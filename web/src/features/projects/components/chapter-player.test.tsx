import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { TimedText } from '@/lib/timed-text';
import { makeChapter, makeChapterAudio, makeParagraph } from '@/testing/project-fixtures';
import { CHAPTER_ROUTE, loadProjectEditor, renderProjectEditor } from '@/testing/project-editor';
import type { ChapterDetail, HeardPart } from '../api/types';

beforeAll(loadProjectEditor);

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const AUDIO = makeChapterAudio('c-1');
const PARTS = 'GET /api/projects/p-1/chapters/c-1/parts';
const TIMED: TimedText = {
  precision: 'measured',
  word_level: false,
  sentences: [
    { text: 'Es war ein kalter Morgen auf der Insel.', start_ms: 0, end_ms: 3000 },
    { text: 'Der Wind kam von Osten.', start_ms: 3700, end_ms: 5200 },
  ],
};
const RENDERED = (id: string) => `/api/projects/p-1/paragraphs/${id}/audio`;

/** A joined chapter whose second paragraph was edited since: stale, its last take still heard in the chapter audio. */
function editedChapter(): ChapterDetail {
  return makeChapter({
    state: 'stale',
    stale_cost_cent: 3,
    audio: AUDIO,
    paragraphs: [
      makeParagraph({ id: 'para-1', state: 'done', audio_url: RENDERED('para-1') }),
      makeParagraph({ id: 'para-2', position: 1, text: 'Der Wind kam von Westen.', state: 'stale', changed: true, audio_url: RENDERED('para-2') }),
    ],
  });
}

function parts(secondCurrent: boolean): { parts: HeardPart[] } {
  return {
    parts: [
      { paragraph_id: 'para-1', start_ms: 0, end_ms: 3000, current: true },
      { paragraph_id: 'para-2', start_ms: 3700, end_ms: 5200, current: secondCurrent },
    ],
  };
}

function setup(chapter = editedChapter(), secondCurrent = false) {
  return renderProjectEditor({
    chapter,
    extra: { [`GET ${AUDIO.timestamps_url}`]: { json: TIMED }, [PARTS]: { json: parts(secondCurrent) } },
  });
}

describe('Kapitelaudio mit geänderten Absätzen', () => {
  it('keeps the player and the transcript of a chapter whose paragraphs changed since, says so, and marks the changed paragraph’s sentences', async () => {
    setup();
    const player = await screen.findByTestId('chapter-player');
    expect(within(player).getByTestId('chapter-audio')).toBeInTheDocument();
    expect(within(player).getByTestId('chapter-audio-note')).toHaveTextContent(
      '1 Absatz wurde seit der letzten Vertonung geändert – zu hören ist die zuletzt vertonte Fassung.',
    );
    await waitFor(() => expect(within(player).getAllByTestId('transcript-sentence')[1]).toHaveAttribute('data-changed', 'true'));
    const [first, second] = within(player).getAllByTestId('transcript-sentence');
    expect(first).not.toHaveAttribute('data-changed');
    expect(second).toHaveAccessibleName('Der Wind kam von Osten. (geändert)');
    expect(within(player).getByTestId('transcript-changed-legend')).toBeInTheDocument();
  });

  it('says nothing and marks nothing while the audio is the chapter as it is', async () => {
    const done = makeChapter({ state: 'done', stale_cost_cent: 0, audio: AUDIO, paragraphs: [makeParagraph({ state: 'done', audio_url: RENDERED('para-1') })] });
    setup(done, true);
    const player = await screen.findByTestId('chapter-player');
    expect(await within(player).findAllByTestId('transcript-sentence')).toHaveLength(2);
    expect(within(player).queryByTestId('chapter-audio-note')).not.toBeInTheDocument();
    expect(within(player).queryByTestId('transcript-changed-legend')).not.toBeInTheDocument();
  });

  it('keeps playing through an edit: the same audio element with the same source, and the note appears', async () => {
    const done = makeChapter({
      state: 'done',
      stale_cost_cent: 0,
      audio: AUDIO,
      paragraphs: [
        makeParagraph({ id: 'para-1', state: 'done', audio_url: RENDERED('para-1') }),
        makeParagraph({ id: 'para-2', position: 1, text: 'Der Wind kam von Osten.', state: 'done', audio_url: RENDERED('para-2') }),
      ],
    });
    const edited = editedChapter();
    const { api, user } = renderProjectEditor({
      chapter: done,
      extra: {
        [`GET ${AUDIO.timestamps_url}`]: { json: TIMED },
        [PARTS]: { json: parts(true) },
        'PATCH /api/projects/p-1/paragraphs/para-2': { json: edited.paragraphs[1] },
      },
    });
    const player = await screen.findByTestId('chapter-player');
    const audio = within(player).getByTestId('chapter-audio');
    const source = audio.getAttribute('src');
    const [, second] = await screen.findAllByTestId('paragraph');
    await user.click(within(second).getByRole('button', { name: 'Absatz 2 bearbeiten' }));
    const field = within(second).getByLabelText('Text von Absatz 2');
    await user.clear(field);
    await user.type(field, 'Der Wind kam von Westen.');
    api.on(CHAPTER_ROUTE, { json: edited });
    api.on(PARTS, { json: parts(false) });
    await user.click(within(second).getByTestId('paragraph-save'));
    expect(await within(player).findByTestId('chapter-audio-note')).toHaveTextContent('1 Absatz wurde seit der letzten Vertonung geändert');
    expect(screen.getByTestId('chapter-player')).toBe(player);
    expect(within(player).getByTestId('chapter-audio')).toBe(audio);
    expect(audio.getAttribute('src')).toBe(source);
    expect(within(second).getByTestId('paragraph-state')).toHaveTextContent('Veraltet');
    await waitFor(() => expect(within(player).getAllByTestId('transcript-sentence')[1]).toHaveAttribute('data-changed', 'true'));
  });

  it('plays the chapter from where a paragraph begins ("Ab hier")', async () => {
    const play = vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(function (this: HTMLMediaElement) {
      this.dispatchEvent(new Event('play'));
      return Promise.resolve();
    });
    const { user } = setup();
    const player = await screen.findByTestId('chapter-player');
    const sentences = await within(player).findAllByTestId('transcript-sentence');
    const [, second] = await screen.findAllByTestId('paragraph');
    await user.click(await within(second).findByRole('button', { name: /^Ab hier abspielen: das Kapitel ab Absatz 2/ }));
    await waitFor(() => expect(sentences[1]).toHaveAttribute('data-active', 'true'));
    expect(play.mock.contexts).toContain(within(player).getByTestId('chapter-audio'));
  });
  it('names the character who speaks a sentence in the transcript, by its voice (never the narrator’s)', async () => {
    const timed: TimedText = {
      ...TIMED,
      sentences: [
        { text: 'Marie winkte.', start_ms: 0, end_ms: 1000, voice_id: 'v-jonas' },
        { text: '„Komm her!“', start_ms: 1000, end_ms: 2000, voice_id: 'v-lena' },
      ],
    };
    const chapter = makeChapter({ state: 'done', stale_cost_cent: 0, audio: AUDIO, paragraphs: [makeParagraph({ id: 'para-1', state: 'done', audio_url: RENDERED('para-1') })] });
    renderProjectEditor({
      chapter,
      extra: {
        [`GET ${AUDIO.timestamps_url}`]: { json: timed },
        [PARTS]: { json: { parts: [{ paragraph_id: 'para-1', start_ms: 0, end_ms: 2000, current: true }] } },
        // Jonas is the project's voice (the narrator): a character with it is not named.
        'GET /api/projects/p-1/characters': { json: { characters: [{ id: 'ch-1', name: 'Marie', voice_id: 'v-lena' }, { id: 'ch-2', name: 'Erik', voice_id: 'v-jonas' }] } },
      },
    });
    const player = await screen.findByTestId('chapter-player');
    expect(await within(player).findByTestId('transcript-speaker')).toHaveTextContent('Marie:');
    const sentences = within(player).getAllByTestId('transcript-sentence');
    expect(sentences.map((s) => s.textContent)).toEqual(['Marie winkte.', 'Marie:„Komm her!“']);
  });
});
