import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TimedText } from '@/lib/timed-text';
import { makeJob } from '@/testing/fixtures';
import { apiError, mockApi, type MockHandler } from '@/testing/mock-api';
import { renderWithProviders } from '@/testing/test-utils';
import type { Job } from '../api/types';
import { JobRow } from './job-row';

afterEach(() => {
  vi.unstubAllGlobals();
});

const TIMESTAMPS = 'GET /api/jobs/j-1/timestamps';

const timed: TimedText = {
  precision: 'measured',
  word_level: false,
  sentences: [
    { text: 'Hallo Welt.', start_ms: 0, end_ms: 900 },
    { text: 'Dies ist ein Test.', start_ms: 1000, end_ms: 2400 },
  ],
};

function setup(timestamps: MockHandler = { json: timed }, job: Job = makeJob()) {
  const api = mockApi({ [TIMESTAMPS]: timestamps });
  const view = renderWithProviders(<JobRow job={job} onDelete={vi.fn()} onSave={vi.fn()} now={Date.parse('2026-11-22T10:00:00Z')} />);
  return { api, ...view };
}

const toggle = () => screen.getByRole('button', { name: 'Mitlesen' });

describe('JobRow: Mitlesen', () => {
  it('opens the transcript under the row and fetches the timings only then, once', async () => {
    let release = () => undefined as void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const { api, user } = setup(() => gate.then(() => ({ json: timed })));
    expect(toggle()).toHaveAttribute('aria-expanded', 'false');
    const panel = document.getElementById(toggle().getAttribute('aria-controls') ?? '');
    expect(panel).toBe(screen.getByTestId('job-transcript-panel'));
    expect(panel).not.toBeVisible();
    expect(api.callsTo(TIMESTAMPS)).toHaveLength(0);

    await user.click(toggle());
    expect(toggle()).toHaveAttribute('aria-expanded', 'true');
    expect(panel).toBeVisible();
    expect(within(panel as HTMLElement).getByTestId('transcript-loading')).toHaveAttribute('aria-busy', 'true');
    release();
    expect(await screen.findByRole('button', { name: 'Dies ist ein Test.' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Untertitel (SRT)' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Untertitel (WebVTT)' })).toBeInTheDocument();

    await user.click(toggle());
    expect(toggle()).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('region', { name: /^Transkript/ })).not.toBeInTheDocument();
    await user.click(toggle());
    expect(screen.getByRole('region', { name: /^Transkript/ })).toBeInTheDocument();
    expect(api.callsTo(TIMESTAMPS)).toHaveLength(1);
  });

  it('follows the row’s own player and starts it from a chosen sentence', async () => {
    const play = vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(function (this: HTMLMediaElement) {
      this.dispatchEvent(new Event('play'));
      return Promise.resolve();
    });
    const { user } = setup();
    await user.click(toggle());
    const second = await screen.findByRole('button', { name: 'Dies ist ein Test.' });
    const first = screen.getByRole('button', { name: 'Hallo Welt.' });
    expect(first).toHaveAttribute('aria-current', 'true');

    const audio = screen.getByTestId('job-audio') as HTMLAudioElement;
    audio.currentTime = 1.5;
    fireEvent.timeUpdate(audio);
    expect(second).toHaveAttribute('aria-current', 'true');
    expect(first).not.toHaveAttribute('aria-current');

    await user.click(first);
    expect(screen.getByTestId('job-time')).toHaveTextContent('0:00');
    expect(first).toHaveAttribute('aria-current', 'true');
    expect(play).toHaveBeenCalledTimes(1);
    expect(play.mock.contexts[0]).toBe(audio);
    await waitFor(() => expect(screen.getByTestId('job-play')).toHaveAccessibleName('Pause'));
  });

  it('says that an older audio has no timings (404) instead of an error', async () => {
    const { user } = setup(apiError(404, 'not_found', 'Nicht gefunden', 'Für diesen Auftrag gibt es keine Zeitmarken.'));
    await user.click(toggle());
    expect(await screen.findByText('Für dieses Audio gibt es keine Zeitmarken.')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Untertitel (SRT)' })).not.toBeInTheDocument();
  });

  it('shows the load error with the server’s reason and a retry for other failures', async () => {
    let fail = true;
    const { api, user } = setup(() => (fail ? apiError(410, 'expired', 'Abgelaufen', 'Dieses Audio ist abgelaufen.') : { json: timed }));
    await user.click(toggle());
    expect(await screen.findByText('Transkript konnte nicht geladen werden')).toBeInTheDocument();
    expect(screen.getByText('Dieses Audio ist abgelaufen.')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Erneut versuchen' }));
    expect(await screen.findByRole('region', { name: /^Transkript/ })).toBeInTheDocument();
    expect(api.callsTo(TIMESTAMPS)).toHaveLength(2);
  });

  it('offers no Mitlesen while the audio is being made', () => {
    setup(undefined, makeJob({ status: 'processing', audio_url: null, completed_at: null }));
    expect(screen.queryByRole('button', { name: 'Mitlesen' })).not.toBeInTheDocument();
  });

  it('offers no Mitlesen for an expired audio', () => {
    setup(undefined, makeJob({ is_expired: true }));
    expect(screen.queryByRole('button', { name: 'Mitlesen' })).not.toBeInTheDocument();
  });
});
