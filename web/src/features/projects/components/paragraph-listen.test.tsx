import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { makeChapter, makeParagraph } from '@/testing/project-fixtures';
import { loadProjectEditor, renderProjectEditor } from '@/testing/project-editor';

beforeAll(loadProjectEditor);

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const AUDIO_URL = '/api/projects/p-1/paragraphs/para-1/audio';

function setup() {
  vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:absatz-1');
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
  const play = vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(function (this: HTMLMediaElement) {
    this.dispatchEvent(new Event('play'));
    return Promise.resolve();
  });
  const pause = vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => undefined);
  const chapter = makeChapter({
    paragraphs: [
      makeParagraph({ id: 'para-1', state: 'done', audio_url: AUDIO_URL }),
      makeParagraph({ id: 'para-2', position: 1, text: 'Der Wind kam von Osten.' }),
    ],
  });
  const rendered = renderProjectEditor({ chapter, extra: { [`GET ${AUDIO_URL}`]: { body: 'ID3', headers: { 'Content-Type': 'audio/mpeg' } } } });
  return { ...rendered, play, pause };
}

describe('Absatz anhören', () => {
  it('plays the paragraph’s own audio (its audio_url) with ▶ and pauses it when pressed again', async () => {
    const { api, user, play, pause } = setup();
    const [first, second] = await screen.findAllByTestId('paragraph');
    // A paragraph never rendered has nothing to hear.
    expect(within(second).queryByTestId('paragraph-play')).not.toBeInTheDocument();

    await user.click(within(first).getByRole('button', { name: 'Absatz 1 anhören' }));
    await waitFor(() => expect(api.callsTo(`GET ${AUDIO_URL}`)).toHaveLength(1));
    const element = screen.getByTestId('paragraph-audio') as HTMLAudioElement;
    await waitFor(() => expect(play.mock.contexts).toContain(element));
    expect(element.getAttribute('src')).toBe('blob:absatz-1');
    const button = within(first).getByTestId('paragraph-play');
    await waitFor(() => expect(button).toHaveAttribute('data-state', 'playing'));
    expect(button).toHaveAccessibleName('Absatz 1 anhalten');

    await user.click(button);
    expect(pause.mock.contexts).toContain(element);
    expect(button).toHaveAccessibleName('Absatz 1 anhören');
    expect(button).toHaveAttribute('data-state', 'idle');
  });
});
