import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeJob, makeLimits, makeUser, voicesFixture } from '@/testing/fixtures';
import { apiError, mockApi, type MockHandler } from '@/testing/mock-api';
import { renderApp, chooseOption } from '@/testing/test-utils';
import type { Job } from '../api/types';

afterEach(() => vi.unstubAllGlobals());

function setup({ balance = 100, jobs = [] as Job[], extra = {} as Record<string, MockHandler> } = {}) {
  const api = mockApi({
    'GET /api/me': { json: makeUser({ balance_cent: balance }) },
    'GET /api/voices': { json: voicesFixture },
    'GET /api/jobs': { json: { jobs } },
    ...extra,
  });
  const view = renderApp('/dashboard/tts');
  return { api, ...view };
}

async function textarea() {
  return (await screen.findByTestId('tts-text')) as HTMLTextAreaElement;
}

function voiceOption(key: string) {
  return screen.getAllByTestId('voice-option').find((o) => o.getAttribute('data-voice-key') === key)!;
}

describe('TTS screen: text input', () => {
  it('counts characters and shows the cost before submitting', async () => {
    const { user } = setup();
    const text = await textarea();
    expect(text).not.toHaveAttribute('maxLength');
    expect(screen.getByTestId('tts-counter')).toHaveTextContent('0/5000 Zeichen');
    expect(screen.getByTestId('tts-cost')).toHaveTextContent('Kosten: 0 Cent');

    await user.type(text, 'Hallo Welt');
    expect(screen.getByTestId('tts-counter')).toHaveTextContent('10/5000 Zeichen');
    expect(screen.getByTestId('tts-cost')).toHaveTextContent('Kosten: 1 Cent');

    await user.type(text, '!');
    expect(screen.getByTestId('tts-counter')).toHaveTextContent('11/5000 Zeichen');
    expect(screen.getByTestId('tts-cost')).toHaveTextContent('Kosten: 2 Cent');
  });

  it('prices the trimmed text', async () => {
    setup();
    const text = await textarea();
    fireEvent.change(text, { target: { value: `   ${'a'.repeat(10)}   ` } });
    // Counted like the server: code points of the trimmed text.
    expect(screen.getByTestId('tts-counter')).toHaveTextContent('10/5000 Zeichen');
    expect(screen.getByTestId('tts-cost')).toHaveTextContent('Kosten: 1 Cent');
    fireEvent.change(text, { target: { value: '🙂'.repeat(11) } });
    expect(screen.getByTestId('tts-counter')).toHaveTextContent('11/5000 Zeichen');
  });

  it('never cuts a pasted text: shows the real count over the limit and refuses it', async () => {
    const { api } = setup();
    const text = await textarea();
    const long = 'a'.repeat(5321);
    fireEvent.change(text, { target: { value: long } });
    expect(text).toHaveValue(long);
    const counter = screen.getByTestId('tts-counter');
    expect(counter).toHaveTextContent('5321/5000 Zeichen');
    expect(counter).toHaveAttribute('data-over-limit', 'true');
    expect(counter).toHaveClass('text-destructive');
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Text zu lang');
    expect(alert).toHaveTextContent('Maximale Länge: 5000 Zeichen. Aktuell: 5321 Zeichen.');
    expect(screen.getByTestId('tts-submit')).toBeDisabled();
    expect(api.callsTo('POST /api/jobs')).toHaveLength(0);
  });

  it('takes the limit and the price from GET /api/limits', async () => {
    setup({ extra: { 'GET /api/limits': { json: makeLimits({ text_max_chars: 300, chars_per_cent: 20, min_cost_cent: 2 }) } } });
    const text = await textarea();
    expect(screen.getByTestId('tts-counter')).toHaveTextContent('0/300 Zeichen');
    fireEvent.change(text, { target: { value: 'x'.repeat(41) } });
    expect(screen.getByTestId('tts-cost')).toHaveTextContent('Kosten: 3 Cent');
    fireEvent.change(text, { target: { value: 'x'.repeat(5) } });
    expect(screen.getByTestId('tts-cost')).toHaveTextContent('Kosten: 2 Cent');
    fireEvent.change(text, { target: { value: 'x'.repeat(301) } });
    expect(screen.getByText('Maximale Länge: 300 Zeichen. Aktuell: 301 Zeichen.')).toBeInTheDocument();
  });
});

describe('TTS screen: voices', () => {
  it('lists the German voices with name, gender, provider and description', async () => {
    setup();
    await screen.findByTestId('voice-list');
    const options = screen.getAllByTestId('voice-option');
    expect(options.map((o) => o.getAttribute('data-voice-key'))).toEqual([
      'local-de-male-1',
      'murf-de-female-1',
      'openai-de-male-1',
    ]);
    const jonas = voiceOption('local-de-male-1');
    expect(jonas).toHaveTextContent('Jonas');
    expect(jonas).toHaveTextContent('Männlich');
    expect(jonas).toHaveTextContent('Lokal (eSpeak NG)');
    expect(jonas).toHaveTextContent('Klare, ruhige Männerstimme');
    expect(voiceOption('murf-de-female-1')).toHaveTextContent('Weiblich');
  });

  it('shows unavailable voices disabled with their reason', async () => {
    const { user } = setup();
    await screen.findByTestId('voice-list');
    const max = voiceOption('openai-de-male-1');
    expect(max).toBeDisabled();
    expect(max).toHaveTextContent('Kein API-Schlüssel für OpenAI konfiguriert');
    await user.click(max);
    expect(max).toHaveAttribute('aria-checked', 'false');
    expect(voiceOption('local-de-male-1')).toBeEnabled();
    // Customers get no way into the admin settings.
    expect(screen.queryByRole('link', { name: 'Einstellungen öffnen' })).not.toBeInTheDocument();
  });

  it('offers admins a link to the engine settings under unusable voices', async () => {
    setup({ extra: { 'GET /api/me': { json: makeUser({ role: 'admin' }) } } });
    await screen.findByTestId('voice-list');
    expect(screen.getByRole('link', { name: 'Einstellungen öffnen' })).toHaveAttribute('href', '/admin/api-settings');
  });

  it('switches the list with the language', async () => {
    const { user } = setup();
    await screen.findByTestId('voice-list');
    await chooseOption(user, 'Sprache', /en-US/);
    expect(screen.getAllByTestId('voice-option').map((o) => o.getAttribute('data-voice-key'))).toEqual(['local-en-female-1']);
  });

  it('offers to show all providers when the filter leaves nothing', async () => {
    const { user } = setup();
    await screen.findByTestId('voice-list');
    await chooseOption(user, 'Sprache', /en-US/);
    await chooseOption(user, 'Anbieter', 'Murf AI');
    expect(screen.getByText('Keine Sprecher für den gewählten Filter verfügbar')).toBeInTheDocument();
    expect(screen.queryAllByTestId('voice-option')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Alle Anbieter anzeigen' }));
    expect(screen.getByLabelText('Anbieter')).toHaveTextContent('Alle Anbieter');
    expect(screen.getAllByTestId('voice-option')).toHaveLength(1);
  });

  it('shows the speed slider only for voices that support it', async () => {
    const { user } = setup();
    await screen.findByTestId('voice-list');
    await user.click(voiceOption('local-de-male-1'));
    expect(screen.queryByLabelText('Sprechgeschwindigkeit')).not.toBeInTheDocument();

    await user.click(voiceOption('murf-de-female-1'));
    const slider = screen.getByLabelText('Sprechgeschwindigkeit');
    expect(slider).toHaveAttribute('min', '0.7');
    expect(slider).toHaveAttribute('max', '1.3');
    expect(slider).toHaveAttribute('step', '0.1');
    expect(slider).toHaveValue('0.9');
  });
});

describe('TTS screen: submitting', () => {
  it('preselects the first available German voice and names what is missing', async () => {
    const { user, api } = setup();
    await screen.findByTestId('voice-list');
    expect(voiceOption('local-de-male-1')).toHaveAttribute('data-state', 'checked');
    await user.click(screen.getByTestId('tts-submit'));
    expect(await screen.findByText('Eingabe unvollständig')).toBeInTheDocument();
    expect(screen.getByText('Bitte geben Sie Text ein.')).toBeInTheDocument();
    expect(api.callsTo('POST /api/jobs')).toHaveLength(0);
  });

  it('generates with Ctrl+Enter and preselects the last used voice next time', async () => {
    const { user, api } = setup({
      extra: { 'POST /api/jobs': { status: 201, json: { job: makeJob({ id: 'j-k', status: 'pending' }), balance_cent: 99 } } },
    });
    await screen.findByTestId('voice-list');
    await user.click(voiceOption('local-de-female-1'));
    await user.type(screen.getByTestId('tts-text'), 'Hallo');
    await user.keyboard('{Control>}{Enter}{/Control}');
    await waitFor(() => expect(api.callsTo('POST /api/jobs')).toHaveLength(1));
    const chosen = (api.callsTo('POST /api/jobs')[0].body as { voice_id: string }).voice_id;
    expect(window.localStorage.getItem('stimmwerk:last-voice')).toBe(chosen);
  });

  it('blocks a text that costs more than the balance', async () => {
    const { user, api } = setup({ balance: 100 });
    await screen.findByTestId('voice-list');
    await user.click(voiceOption('local-de-male-1'));
    fireEvent.change(screen.getByTestId('tts-text'), { target: { value: 'a'.repeat(1500) } });
    expect(screen.getByTestId('tts-cost')).toHaveTextContent('Kosten: 1,50 €');
    await user.click(screen.getByTestId('tts-submit'));
    expect(await screen.findByText('Unzureichendes Guthaben')).toBeInTheDocument();
    expect(
      screen.getAllByText('Sie benötigen 150 Cent für diese Konvertierung. Ihr aktuelles Guthaben: 100 Cent.').length,
    ).toBeGreaterThan(0);
    expect(api.callsTo('POST /api/jobs')).toHaveLength(0);
  });

  it('starts a job without a rate for a voice that does not support it', async () => {
    let jobs: Job[] = [];
    let balance = 100;
    const { user, api } = setup({
      extra: {
        'GET /api/me': () => ({ json: makeUser({ balance_cent: balance }) }),
        'GET /api/jobs': () => ({ json: { jobs } }),
        'POST /api/jobs': (req) => {
          const job = makeJob({ id: 'j-new', text: (req.body as { text: string }).text, status: 'pending', audio_url: null, duration_seconds: null });
          jobs = [job];
          balance = 98;
          return { status: 201, json: { job, balance_cent: 98 } };
        },
      },
    });
    await screen.findByTestId('voice-list');
    await user.click(voiceOption('local-de-male-1'));
    await user.type(screen.getByTestId('tts-text'), '  Guten Morgen!  ');
    await user.click(screen.getByTestId('tts-submit'));

    expect(await screen.findByText('TTS-Generierung gestartet')).toBeInTheDocument();
    const [call] = api.callsTo('POST /api/jobs');
    expect(call.body).toEqual({ text: 'Guten Morgen!', voice_id: 'v-jonas' });
    expect(call.headers['x-requested-with']).toBe('stimmwerk');
    expect(call.headers['idempotency-key']).toMatch(/\S{8,}/);
    // The new job shows up and the balance is updated.
    expect(await screen.findByText('Wartend')).toBeInTheDocument();
    expect(screen.getByTestId('balance-badge')).toHaveTextContent('0,98 €');
    // The text stays for the next take; the new job has the focus.
    expect(screen.getByTestId('tts-text')).toHaveValue('  Guten Morgen!  ');
    await waitFor(() => expect(screen.getByTestId('job-row')).toHaveFocus());
  });

  it('sends the rate for a voice that supports it', async () => {
    const { user, api } = setup({
      extra: {
        'POST /api/jobs': { status: 201, json: { job: makeJob({ id: 'j-2', status: 'pending' }), balance_cent: 99 } },
      },
    });
    await screen.findByTestId('voice-list');
    await user.click(voiceOption('murf-de-female-1'));
    fireEvent.change(screen.getByLabelText('Sprechgeschwindigkeit'), { target: { value: '1.2' } });
    await user.type(screen.getByTestId('tts-text'), 'Schnell gesprochen.');
    await user.click(screen.getByTestId('tts-submit'));
    await screen.findByText('TTS-Generierung gestartet');
    expect(api.callsTo('POST /api/jobs')[0].body).toEqual({ text: 'Schnell gesprochen.', voice_id: 'v-lena', rate: 1.2 });
  });

  it('shows the server error title and message', async () => {
    const { user } = setup({
      extra: {
        'POST /api/jobs': apiError(
          402,
          'insufficient_balance',
          'Unzureichendes Guthaben',
          'Sie benötigen 2 Cent für diese Konvertierung. Ihr aktuelles Guthaben: 1 Cent.',
        ),
      },
    });
    await screen.findByTestId('voice-list');
    await user.click(voiceOption('local-de-male-1'));
    await user.type(screen.getByTestId('tts-text'), 'Zwei Cent Text');
    await user.click(screen.getByTestId('tts-submit'));
    expect(await screen.findByText('Unzureichendes Guthaben')).toBeInTheDocument();
    expect(screen.getByText('Sie benötigen 2 Cent für diese Konvertierung. Ihr aktuelles Guthaben: 1 Cent.')).toBeInTheDocument();
  });
});

describe('TTS screen: failures', () => {
  it("titles a failed generation in the spec's words with the server's reason, and replaces it on a repeat", async () => {
    const { api, user } = setup({
      extra: { 'POST /api/jobs': apiError(503, 'unreachable', 'Vorübergehend nicht erreichbar', 'Die Warteschlange antwortet nicht.') },
    });
    await screen.findByTestId('voice-list');
    await user.click(voiceOption('local-de-male-1'));
    await user.type(screen.getByTestId('tts-text'), 'Ein Text');
    await user.click(screen.getByTestId('tts-submit'));
    expect(await screen.findByText('Fehler bei der TTS-Generierung')).toBeInTheDocument();
    expect(screen.getByText('Die Warteschlange antwortet nicht.')).toBeInTheDocument();
    expect(screen.queryByText('Vorübergehend nicht erreichbar')).not.toBeInTheDocument();
    await user.click(screen.getByTestId('tts-submit'));
    await waitFor(() => expect(api.callsTo('POST /api/jobs')).toHaveLength(2));
    await waitFor(() => expect(screen.getAllByText('Fehler bei der TTS-Generierung')).toHaveLength(1));
  });

  it('shows one "Eingabe unvollständig" however often an empty text is submitted', async () => {
    const { user } = setup();
    await screen.findByTestId('voice-list');
    await user.click(screen.getByTestId('tts-submit'));
    expect(await screen.findByText('Eingabe unvollständig')).toBeInTheDocument();
    await user.click(screen.getByTestId('tts-submit'));
    await user.click(screen.getByTestId('tts-submit'));
    expect(screen.getAllByText('Eingabe unvollständig')).toHaveLength(1);
  });
});

describe('TTS screen: job list', () => {
  it('shows the empty state', async () => {
    setup();
    expect(await screen.findByText('Noch keine TTS-Jobs erstellt.')).toBeInTheDocument();
    expect(screen.queryAllByTestId('job-row')).toHaveLength(0);
  });

  it('shows every status with its German label and the job details', async () => {
    const long = `${'Langer Text '.repeat(12)}ENDE`;
    setup({
      jobs: [
        makeJob({ id: 'a', status: 'pending', audio_url: null, duration_seconds: null, text: long }),
        makeJob({ id: 'b', status: 'processing', audio_url: null, duration_seconds: null }),
        makeJob({ id: 'c', status: 'completed', cost_cent: 7, duration_seconds: 4.2 }),
        makeJob({ id: 'd', status: 'failed', audio_url: null, error_message: 'Die Stimme ist nicht verfügbar. Betrag erstattet.' }),
      ],
    });
    const rows = await screen.findAllByTestId('job-row');
    expect(rows.map((r) => r.getAttribute('data-status'))).toEqual(['pending', 'processing', 'completed', 'failed']);
    expect(within(rows[0]).getByTestId('job-status')).toHaveTextContent('Wartend');
    expect(within(rows[1]).getByTestId('job-status')).toHaveTextContent('In Bearbeitung');
    expect(within(rows[2]).getByTestId('job-status')).toHaveTextContent('Fertig');
    expect(within(rows[3]).getByTestId('job-status')).toHaveTextContent('Fehlgeschlagen');
    expect(within(rows[3]).getByText('Die Stimme ist nicht verfügbar. Betrag erstattet.')).toBeInTheDocument();

    // Preview of 100 characters.
    expect(rows[0]).not.toHaveTextContent('ENDE');
    expect(rows[0]).toHaveTextContent('…');
    // Voice, cost, duration, date.
    expect(rows[2]).toHaveTextContent('Jonas · de-DE');
    expect(rows[2]).toHaveTextContent('7 Cent');
    expect(rows[2]).toHaveTextContent('4,2 s');
    expect(rows[2]).toHaveTextContent('21.11.2026');

    // Only finished jobs can be played or downloaded; every job can be deleted.
    expect(within(rows[0]).getByTestId('job-play')).toBeDisabled();
    expect(within(rows[3]).getByTestId('job-download')).toBeDisabled();
    expect(within(rows[2]).getByTestId('job-play')).toBeEnabled();
    expect(within(rows[2]).getByTestId('job-download')).toBeEnabled();
    expect(within(rows[3]).getByTestId('job-delete')).toBeEnabled();
  });

  it('polls while a job is running and stops when all are done', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      let status: Job['status'] = 'processing';
      const { api } = setup({ extra: { 'GET /api/jobs': () => ({ json: { jobs: [makeJob({ status })] } }) } });
      await screen.findByText('In Bearbeitung');
      const before = api.callsTo('GET /api/jobs').length;
      status = 'completed';
      await act(() => vi.advanceTimersByTimeAsync(5_100));
      await screen.findByText('Fertig');
      expect(api.callsTo('GET /api/jobs').length).toBe(before + 1);
      await act(() => vi.advanceTimersByTimeAsync(20_000));
      expect(api.callsTo('GET /api/jobs').length).toBe(before + 1);
    } finally {
      vi.useRealTimers();
    }
  });

  it('polls every second while a job is young, so a fast job shows "Fertig" at once', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      let status: Job['status'] = 'pending';
      const createdAt = new Date().toISOString();
      const { api } = setup({ extra: { 'GET /api/jobs': () => ({ json: { jobs: [makeJob({ status, created_at: createdAt })] } }) } });
      await screen.findByText('Wartend');
      const before = api.callsTo('GET /api/jobs').length;
      status = 'completed';
      await act(() => vi.advanceTimersByTimeAsync(1_100));
      await screen.findByText('Fertig');
      expect(api.callsTo('GET /api/jobs').length).toBe(before + 1);
    } finally {
      vi.useRealTimers();
    }
  });

  it('plays and pauses a finished audio', async () => {
    const play = vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(function (this: HTMLMediaElement) {
      this.dispatchEvent(new Event('play'));
      return Promise.resolve();
    });
    const pause = vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(function (this: HTMLMediaElement) {
      this.dispatchEvent(new Event('pause'));
    });
    Object.defineProperty(HTMLMediaElement.prototype, 'paused', { configurable: true, get: () => play.mock.calls.length > pause.mock.calls.length });
    try {
      const { user } = setup({ jobs: [makeJob()] });
      const button = await screen.findByTestId('job-play');
      await user.click(button);
      expect(play).toHaveBeenCalledTimes(1);
      const audio = screen.getByTestId('job-audio') as HTMLAudioElement;
      expect(audio.getAttribute('src')).toBe('/api/jobs/j-1/audio');
      await waitFor(() => expect(button).toHaveAccessibleName('Pause'));
      await user.click(button);
      expect(pause).toHaveBeenCalled();
      await waitFor(() => expect(button).toHaveAccessibleName('Abspielen'));
    } finally {
      delete (HTMLMediaElement.prototype as { paused?: boolean }).paused;
    }
  });

  it('reports a playback failure', async () => {
    vi.spyOn(HTMLMediaElement.prototype, 'play').mockRejectedValue(new DOMException('no source', 'NotSupportedError'));
    const { user } = setup({ jobs: [makeJob()] });
    await user.click(await screen.findByTestId('job-play'));
    expect(await screen.findByText('Wiedergabefehler')).toBeInTheDocument();
    expect(screen.getByText('Die Audio-Datei konnte nicht abgespielt werden.')).toBeInTheDocument();
    // Clicked again: the same toast, not a second one.
    await user.click(screen.getByTestId('job-play'));
    await waitFor(() => expect(screen.getAllByText('Wiedergabefehler')).toHaveLength(1));
  });

  it('downloads the audio under its text as written', async () => {
    const createObjectURL = vi.fn(() => 'blob:audio');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.download);
    });
    const { user, api } = setup({
      jobs: [makeJob({ text: 'Grüße aus Köln: ein Test für den Download!' })],
      extra: { 'GET /api/jobs/j-1/audio': { body: new Uint8Array([0x49, 0x44, 0x33]), headers: { 'Content-Type': 'audio/mpeg' } } },
    });
    await user.click(await screen.findByTestId('job-download'));
    await waitFor(() => expect(clicked).toEqual(['Grüße aus Köln- ein Test für d.mp3']));
    const [call] = api.callsTo('GET /api/jobs/j-1/audio');
    expect(call.url).toBe('/api/jobs/j-1/audio?download=1');
    expect(call.credentials).toBe('same-origin');
    expect(createObjectURL).toHaveBeenCalledTimes(1);
  });

  it('reports a failed download', async () => {
    const { user } = setup({
      jobs: [makeJob()],
      extra: { 'GET /api/jobs/j-1/audio': apiError(404, 'not_found', 'Nicht gefunden', 'Audio nicht gefunden.') },
    });
    await user.click(await screen.findByTestId('job-download'));
    expect(await screen.findByText('Download fehlgeschlagen')).toBeInTheDocument();
    expect(screen.getByText('Die Audio-Datei konnte nicht heruntergeladen werden.')).toBeInTheDocument();
  });

  it('deletes a job only after confirmation', async () => {
    let jobs = [makeJob()];
    const { user, api } = setup({
      extra: {
        'GET /api/jobs': () => ({ json: { jobs } }),
        'DELETE /api/jobs/j-1': () => {
          jobs = [];
          return { status: 204 };
        },
      },
    });
    await user.click(await screen.findByTestId('job-delete'));
    const dialog = screen.getByRole('dialog');
    expect(dialog).toHaveTextContent('dauerhaft gelöscht');
    await user.click(within(dialog).getByRole('button', { name: 'Abbrechen' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.callsTo('DELETE /api/jobs/j-1')).toHaveLength(0);

    await user.click(screen.getByTestId('job-delete'));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Endgültig löschen' }));
    expect(await screen.findByText('Noch keine TTS-Jobs erstellt.')).toBeInTheDocument();
    expect(api.callsTo('DELETE /api/jobs/j-1')).toHaveLength(1);
    expect(api.callsTo('DELETE /api/jobs/j-1')[0].headers['x-requested-with']).toBe('stimmwerk');
  });

  it('reports a failed deletion', async () => {
    const { user } = setup({
      jobs: [makeJob()],
      extra: { 'DELETE /api/jobs/j-1': apiError(404, 'not_found', 'Nicht gefunden', 'Der Auftrag wurde nicht gefunden.') },
    });
    await user.click(await screen.findByTestId('job-delete'));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Endgültig löschen' }));
    expect(await screen.findByText('Fehler beim Löschen')).toBeInTheDocument();
    expect(screen.getByText('Der Auftrag wurde nicht gefunden.')).toBeInTheDocument();
  });

  it('cleans up stuck jobs and reports the count', async () => {
    const { user, api } = setup({ extra: { 'POST /api/jobs/cleanup': { json: { cleaned_jobs: 2 } } } });
    await user.click(await screen.findByRole('button', { name: 'Hängende Jobs bereinigen' }));
    expect(await screen.findByText('2 hängende Jobs wurden bereinigt.')).toBeInTheDocument();
    expect(api.callsTo('POST /api/jobs/cleanup')[0].headers['x-requested-with']).toBe('stimmwerk');
  });

  it('reports a failed cleanup', async () => {
    const { user } = setup({ extra: { 'POST /api/jobs/cleanup': apiError(500, 'internal', 'Serverfehler', 'Interner Fehler.') } });
    await user.click(await screen.findByRole('button', { name: 'Hängende Jobs bereinigen' }));
    expect(await screen.findByText('Fehler beim Aufräumen')).toBeInTheDocument();
  });
});
