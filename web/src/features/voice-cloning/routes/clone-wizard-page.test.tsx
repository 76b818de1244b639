import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeUser } from '@/testing/fixtures';
import { apiError, mockApi, type MockHandler, type MockRequest } from '@/testing/mock-api';
import { currentPath, renderApp } from '@/testing/test-utils';
import type { CloneSetup, CloneVoice } from '../api/types';
import { DRAFT_STORAGE_KEY, saveDraft, type DraftRecording } from '../utils/voice-clone-draft';

// jsdom has no IndexedDB: the draft's recordings live in a Map for these tests.
const idb = vi.hoisted(() => new Map<string, unknown>());
vi.mock('../utils/voice-clone-draft', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../utils/voice-clone-draft')>();
  const key = (userId: string, step: number) => `${userId}/${step}`;
  return {
    ...actual,
    saveDraftRecording: async (r: DraftRecording) => void idb.set(key(r.userId, r.step), r),
    deleteDraftRecording: async (userId: string, step: number) => void idb.delete(key(userId, step)),
    loadDraftRecordings: async (userId: string) =>
      [...idb.entries()].filter(([k]) => k.startsWith(`${userId}/`)).map(([, v]) => v as DraftRecording),
    clearDraft: async (userId: string) => {
      await actual.clearDraft(userId);
      for (const k of [...idb.keys()]) if (k.startsWith(`${userId}/`)) idb.delete(k);
    },
  };
});

const setup: CloneSetup = {
  engine: 'local',
  engine_label: 'Lokale Annäherung (eSpeak NG)',
  approximation: true,
  consents: [
    'Ich bestätige, dass es sich um meine eigene Stimme handelt oder dass mir die ausdrückliche Erlaubnis der sprechenden Person vorliegt.',
    'Ich willige ein, dass die Aufnahmen zur Sprachgenerierung auf dieser Plattform verwendet werden. Die geklonte Stimme steht nur mir bzw. meiner Organisation zur Verfügung.',
    'Ich akzeptiere die Nutzungsbedingungen und die Gebühr von 1,00 € pro Monat je aktiver geklonter Stimme.',
  ],
  monthly_fee_cent: 100,
  min_seconds: 5,
  max_seconds: 300,
  max_upload_bytes: 20_000_000,
  training_texts: [
    { step_number: 2, title: 'Text 2', content: 'Zweiter Text.', estimated_duration_minutes: 2 },
    { step_number: 1, title: 'Der Nordwind', content: 'Einst stritten sich Nordwind und Sonne.', estimated_duration_minutes: 1 },
  ],
  consent_statement: 'Ich, {name}, erlaube am {date} das Klonen meiner Stimme.',
};

function makeVoice(overrides: Partial<CloneVoice> = {}): CloneVoice {
  return {
    id: 'c-1', name: 'Meine Stimme', description: null, cloned_from: 'Erika Muster', language: 'de-DE',
    status: 'training_needed', engine: 'local', approximation: true, training_progress: 0, current_training_step: 0,
    total_training_steps: 15, training_error: null, training_started_at: null, stuck: false, tags: [], times_used: 0,
    last_used_at: null, created_at: '2026-11-24T10:00:00Z', is_global: false, own: true, sample_count: 0,
    provider_voice_id: null, paid_until: null, consent_given: true, consent_date: '2026-11-24T10:00:00Z',
    teleprompter_text_size: 16, teleprompter_scroll_speed: 50, ...overrides,
  };
}

const sample = (kind: 'training' | 'consent') => ({
  status: 201,
  json: { id: `s-${kind}`, kind, step: 0, duration_seconds: 12, file_size_bytes: 100, transcript: null, created_at: '2026-11-24T10:00:00Z' },
});

/** MediaRecorder as far as the wizard uses it: start, pause, resume, stop, one data chunk, onstop. */
class FakeMediaRecorder {
  static isTypeSupported = vi.fn(() => true);
  static instances: FakeMediaRecorder[] = [];
  state: 'inactive' | 'recording' | 'paused' = 'inactive';
  mimeType: string;
  ondataavailable: ((e: { data: Blob }) => void) | null = null;
  onstop: (() => void) | null = null;
  constructor(_stream: unknown, options?: { mimeType?: string }) {
    this.mimeType = options?.mimeType ?? '';
    FakeMediaRecorder.instances.push(this);
  }
  start() {
    this.state = 'recording';
  }
  pause = vi.fn(() => {
    this.state = 'paused';
  });
  resume = vi.fn(() => {
    this.state = 'recording';
  });
  stop() {
    this.state = 'inactive';
    this.ondataavailable?.({ data: new Blob(['stimme'], { type: this.mimeType }) });
    this.onstop?.();
  }
}

/** An analyser that hears a loud signal, so the level meter moves. */
class FakeAudioContext {
  createAnalyser() {
    return { fftSize: 0, getByteTimeDomainData: (a: Uint8Array) => a.fill(200) };
  }
  createMediaStreamSource() {
    return { connect: () => undefined };
  }
  close() {
    return Promise.resolve();
  }
}

let getUserMedia: ReturnType<typeof vi.fn>;
const trackStop = vi.fn();

beforeEach(() => {
  idb.clear();
  localStorage.clear();
  FakeMediaRecorder.instances = [];
  vi.stubGlobal('MediaRecorder', FakeMediaRecorder);
  vi.stubGlobal('AudioContext', FakeAudioContext);
  getUserMedia = vi.fn(async () => ({ getTracks: () => [{ stop: trackStop }] }));
  Object.defineProperty(navigator, 'mediaDevices', { configurable: true, value: { getUserMedia } });
  Object.defineProperty(URL, 'createObjectURL', { configurable: true, writable: true, value: vi.fn(() => 'blob:aufnahme') });
  Object.defineProperty(URL, 'revokeObjectURL', { configurable: true, writable: true, value: vi.fn() });
});

afterEach(() => vi.unstubAllGlobals());

function start(extra: Record<string, MockHandler> = {}, user = makeUser()) {
  const api = mockApi({
    'GET /api/me': { json: user },
    'GET /api/voice-clones/setup': { json: setup },
    'POST /api/voice-clones/check-recording': { json: { duration_seconds: 12.4, level_dbfs: -18 } },
    'POST /api/voice-clones': { status: 201, json: makeVoice() },
    'POST /api/voice-clones/c-1/samples': (req: MockRequest) => sample((req.body as FormData).get('kind') as 'training' | 'consent'),
    'POST /api/voice-clones/c-1/training': { json: makeVoice({ status: 'training_in_progress' }) },
    ...extra,
  });
  return { api, ...renderApp('/dashboard/voice-cloning/new') };
}

const next = (step: number) => screen.getByTestId(`wizard-next-step-${step}`);

async function record(user: UserEvent) {
  await user.click(screen.getByTestId('record-start'));
  await user.click(await screen.findByTestId('record-stop'));
  await screen.findByTestId('record-duration');
}

/** Name, source, teleprompter defaults, recording: ends on step 5. */
async function throughRecording(user: UserEvent) {
  await user.type(await screen.findByLabelText('Name der Stimme'), 'Meine Stimme');
  await user.click(next(1));
  await user.type(screen.getByLabelText('Klonquelle'), 'Erika Muster');
  await user.click(next(2));
  await user.click(next(3));
  await record(user);
  await user.click(next(4));
}

async function toActivation(user: UserEvent) {
  await throughRecording(user);
  await user.click(next(5));
  await user.click(screen.getByTestId('consent-own-voice'));
  await user.click(screen.getByTestId('consent-usage'));
  await user.click(screen.getByTestId('consent-terms'));
  await record(user);
  await user.click(next(6));
  await screen.findByTestId('wizard-finish');
}

describe('clone wizard: steps and navigation', () => {
  it('shows the progress, needs a name before "Weiter" and has no "Zurück" on step 1', async () => {
    const { user } = start();
    const name = await screen.findByLabelText('Name der Stimme');
    expect(screen.getByTestId('wizard-step-label')).toHaveTextContent('Schritt 1 von 7');
    expect(screen.getByRole('progressbar', { name: 'Fortschritt des Assistenten' })).toHaveAttribute('aria-valuenow', '1');
    expect(screen.queryByTestId('wizard-back')).not.toBeInTheDocument();
    expect(next(1)).toBeDisabled();
    expect(next(1)).toHaveAccessibleDescription('Bitte geben Sie einen Namen für die Stimme ein.');
    await user.type(name, '   ');
    expect(next(1)).toBeDisabled();
    await user.clear(name);
    await user.type(name, 'Meine Stimme');
    expect(next(1)).toBeEnabled();
    expect(screen.queryByTestId('wizard-hint')).not.toBeInTheDocument();
    await user.click(next(1));

    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '2');
    expect(screen.getByTestId('wizard-step-title')).toHaveTextContent('Klonquelle');
    await waitFor(() => expect(screen.getByTestId('wizard-step-title')).toHaveFocus());
    expect(next(2)).toBeDisabled();
    await user.click(screen.getByTestId('clone-source-own'));
    expect(screen.getByLabelText('Klonquelle')).toHaveValue('Meine eigene Stimme');
    await user.click(screen.getByTestId('wizard-back'));
    expect(screen.getByLabelText('Name der Stimme')).toHaveValue('Meine Stimme');
  });

  it('goes on with Enter in a field, but only when the step is valid', async () => {
    const { user } = start();
    const name = await screen.findByLabelText('Name der Stimme');
    await user.type(name, '{Enter}');
    expect(screen.getByTestId('wizard-step-label')).toHaveTextContent('Schritt 1 von 7');
    await user.type(name, 'Meine Stimme{Enter}');
    expect(screen.getByTestId('wizard-step-label')).toHaveTextContent('Schritt 2 von 7');
  });

  it('sets text size and speed with a live preview of the first training text', async () => {
    const { user } = start();
    await user.type(await screen.findByLabelText('Name der Stimme'), 'A');
    await user.click(next(1));
    await user.type(screen.getByLabelText('Klonquelle'), 'B');
    await user.click(next(2));
    const size = screen.getByLabelText('Textgröße');
    expect(size).toHaveAttribute('min', '12');
    expect(size).toHaveAttribute('max', '24');
    expect(size).toHaveValue('16');
    expect(screen.getByLabelText('Scroll-Geschwindigkeit')).toHaveValue('50');
    expect(screen.getByLabelText('Scroll-Geschwindigkeit')).toHaveAttribute('step', '5');
    const preview = screen.getByTestId('teleprompter-preview');
    expect(preview).toHaveTextContent('Einst stritten sich Nordwind und Sonne.');
    fireEvent.change(size, { target: { value: '18' } });
    expect(size).toHaveValue('18');
    expect(size).toHaveAttribute('aria-valuetext', '18 Pixel');
    expect(within(preview).getByText(/Nordwind/)).toHaveStyle({ fontSize: '18px' });
    // The speed is a reading pace: 39 characters at 14 per second, at 28 per second at 100 %.
    const pace = screen.getByTestId('reading-pace');
    expect(pace).toHaveTextContent('Etwa 14 Zeichen pro Sekunde (50 % = ruhiges Vorlesetempo). Vorlesezeit des Trainingstexts: etwa 3 Sekunden.');
    expect(screen.getByLabelText('Scroll-Geschwindigkeit')).toHaveAccessibleDescription(pace.textContent!);
    fireEvent.change(screen.getByLabelText('Scroll-Geschwindigkeit'), { target: { value: '100' } });
    expect(pace).toHaveTextContent('Etwa 28 Zeichen pro Sekunde (50 % = ruhiges Vorlesetempo). Vorlesezeit des Trainingstexts: etwa 1 Sekunde.');
    expect(next(3)).toBeEnabled();
    await user.click(next(3));
    expect(screen.getByTestId('reading-time')).toHaveTextContent('Vorlesezeit für „Der Nordwind“ in Ihrem Tempo: etwa 1 Sekunde.');
  });

  it('says the reading time of the training text at the default pace on the recording step', async () => {
    const long = 'Guten Tag und herzlich willkommen. '.repeat(6).trim();
    const { user } = start({
      'GET /api/voice-clones/setup': { json: { ...setup, training_texts: [{ ...setup.training_texts[1], content: long }] } },
    });
    await user.type(await screen.findByLabelText('Name der Stimme'), 'A');
    await user.click(next(1));
    await user.type(screen.getByLabelText('Klonquelle'), 'B');
    await user.click(next(2));
    await user.click(next(3));
    // 209 characters at 14 per second, not the server's "1 Min."
    expect(long).toHaveLength(209);
    expect(screen.getByTestId('reading-time')).toHaveTextContent('Vorlesezeit für „Der Nordwind“ in Ihrem Tempo: etwa 15 Sekunden.');
    expect(screen.getByTestId('wizard-step-4')).not.toHaveTextContent('Min.)');
  });

  it('pauses the recording and the teleprompter, and resumes both', async () => {
    const { user } = start();
    await user.type(await screen.findByLabelText('Name der Stimme'), 'A');
    await user.click(next(1));
    await user.type(screen.getByLabelText('Klonquelle'), 'B');
    await user.click(next(2));
    await user.click(next(3));
    await user.click(screen.getByTestId('record-start'));
    const recorder = FakeMediaRecorder.instances[0];
    const teleprompter = screen.getByTestId('teleprompter');
    expect(teleprompter).not.toHaveAttribute('data-paused');

    await user.click(screen.getByTestId('record-pause'));
    expect(recorder.pause).toHaveBeenCalledTimes(1);
    expect(teleprompter).toHaveAttribute('data-paused', 'true');
    expect(teleprompter).toHaveAttribute('data-running', 'true');
    expect(screen.getByTestId('record-status')).toHaveTextContent('Aufnahme angehalten.');
    expect(screen.getByRole('meter', { name: 'Eingangspegel' })).toHaveAttribute('aria-valuetext', 'Mikrofon aus');
    // The same button resumes, so the focus stays on it.
    const resume = screen.getByTestId('record-resume');
    expect(resume).toHaveFocus();
    expect(resume).toHaveTextContent('Fortsetzen');
    const clock = screen.getByTestId('record-elapsed').textContent;
    await new Promise((r) => setTimeout(r, 1_100));
    expect(screen.getByTestId('record-elapsed')).toHaveTextContent(clock!);

    await user.click(resume);
    expect(recorder.resume).toHaveBeenCalledTimes(1);
    expect(teleprompter).not.toHaveAttribute('data-paused');
    expect(screen.getByTestId('record-status')).toHaveTextContent('Aufnahme läuft.');
    await user.click(screen.getByTestId('record-stop'));
    expect(await screen.findByTestId('record-duration')).toHaveTextContent('12,4 s');
  });

  it('shows the real length of a recording whose WebM header has none', async () => {
    const { user } = start();
    await throughRecording(user);
    const audio = screen.getByTestId('preview-audio') as HTMLAudioElement;
    // Chrome's MediaRecorder WebM: no length until the file was read to its end.
    let duration = Infinity;
    Object.defineProperty(audio, 'duration', { configurable: true, get: () => duration });
    fireEvent(audio, new Event('loadedmetadata'));
    expect(audio.currentTime).toBeGreaterThan(1e100);
    duration = 12.4;
    fireEvent(audio, new Event('durationchange'));
    expect(audio.currentTime).toBe(0);
    // The player shows the measured length, not the header's "Infinity".
    await waitFor(() => expect(screen.getByTestId('preview-duration')).toHaveTextContent('0:12'));
  });

  it('records, checks the recording with the server and re-records after a 422', async () => {
    let reply: MockHandler = apiError(422, 'validation', 'Ungültige Eingabe', 'Die Aufnahme ist zu kurz (mindestens 5 Sekunden).');
    const { api, user } = start({ 'POST /api/voice-clones/check-recording': () => reply as never });
    await user.type(await screen.findByLabelText('Name der Stimme'), 'A');
    await user.click(next(1));
    await user.type(screen.getByLabelText('Klonquelle'), 'B');
    await user.click(next(2));
    await user.click(next(3));

    expect(next(4)).toBeDisabled();
    await user.click(screen.getByTestId('record-start'));
    expect(getUserMedia).toHaveBeenCalled();
    expect(FakeMediaRecorder.instances[0].mimeType).toBe('audio/webm;codecs=opus');
    expect(screen.getByTestId('teleprompter')).toHaveAttribute('data-running', 'true');
    expect(screen.getByTestId('record-elapsed')).toHaveTextContent(/^0:0\d$/);
    expect(screen.getByTestId('record-status')).toHaveTextContent('Aufnahme läuft. Lesen Sie den Text laut vor.');
    await waitFor(() => expect(Number(screen.getByRole('meter', { name: 'Eingangspegel' }).getAttribute('aria-valuenow'))).toBeGreaterThan(0));
    await user.click(screen.getByTestId('record-stop'));

    expect(await screen.findByTestId('record-error')).toHaveTextContent('Die Aufnahme ist zu kurz (mindestens 5 Sekunden).');
    expect(next(4)).toBeDisabled();
    const form = api.callsTo('POST /api/voice-clones/check-recording')[0].body as FormData;
    expect((form.get('file') as Blob).type).toBe('audio/webm;codecs=opus');
    expect(trackStop).toHaveBeenCalled();

    reply = { json: { duration_seconds: 12.4, level_dbfs: -18 } };
    await user.click(screen.getByTestId('record-again'));
    await user.click(await screen.findByTestId('record-stop'));
    expect(await screen.findByTestId('record-duration')).toHaveTextContent('12,4 s');
    expect(screen.queryByTestId('record-error')).not.toBeInTheDocument();
    expect(next(4)).toBeEnabled();
    await user.click(next(4));
    expect(screen.getByTestId('preview-audio')).toHaveAttribute('src', 'blob:aufnahme');
  });

  it('stops a recording by itself at the longest length the server accepts', async () => {
    const { api, user } = start({ 'GET /api/voice-clones/setup': { json: { ...setup, max_seconds: 0.3 } } });
    await user.type(await screen.findByLabelText('Name der Stimme'), 'A');
    await user.click(next(1));
    await user.type(screen.getByLabelText('Klonquelle'), 'B');
    await user.click(next(2));
    await user.click(next(3));
    await user.click(screen.getByTestId('record-start'));
    expect(await screen.findByTestId('record-duration')).toHaveTextContent('12,4 s');
    expect(api.callsTo('POST /api/voice-clones/check-recording')).toHaveLength(1);
  });

  it('checks the same recording again after a server failure', async () => {
    let fail = true;
    const { api, user } = start({
      'POST /api/voice-clones/check-recording': () =>
        fail ? { status: 503, body: 'unavailable' } : { json: { duration_seconds: 7, level_dbfs: -20 } },
    });
    await user.type(await screen.findByLabelText('Name der Stimme'), 'A');
    await user.click(next(1));
    await user.type(screen.getByLabelText('Klonquelle'), 'B');
    await user.click(next(2));
    await user.click(next(3));
    await user.click(screen.getByTestId('record-start'));
    await user.click(await screen.findByTestId('record-stop'));
    expect(await screen.findByText('Die Aufnahme konnte nicht geprüft werden')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByTestId('record-recheck'));
    expect(await screen.findByTestId('record-duration')).toHaveTextContent('7,0 s');
    const [first, second] = api.callsTo('POST /api/voice-clones/check-recording');
    const file = (c: MockRequest) => (c.body as FormData).get('file') as File;
    expect([file(second).size, file(second).type]).toEqual([file(first).size, file(first).type]);
    expect(getUserMedia).toHaveBeenCalledTimes(1);
  });

  it('says so when the microphone is refused', async () => {
    const { user } = start();
    getUserMedia.mockRejectedValueOnce(new DOMException('denied', 'NotAllowedError'));
    await user.type(await screen.findByLabelText('Name der Stimme'), 'A');
    await user.click(next(1));
    await user.type(screen.getByLabelText('Klonquelle'), 'B');
    await user.click(next(2));
    await user.click(next(3));
    await user.click(screen.getByTestId('record-start'));
    expect(await screen.findByText('Mikrofonzugriff fehlgeschlagen')).toBeInTheDocument();
    expect(screen.getByTestId('record-start')).toBeEnabled();
    expect(next(4)).toBeDisabled();
  });

  it('needs three consents and the spoken statement on step 6, and sums up on step 7', async () => {
    const { user } = start();
    await throughRecording(user);
    await user.click(next(5));
    expect(screen.getByTestId('consent-statement')).toHaveTextContent(
      /^Ich, Erika Muster, erlaube am \d{2}\.\d{2}\.\d{4} das Klonen meiner Stimme\.$/,
    );
    await user.click(screen.getByLabelText(/meine eigene Stimme handelt/));
    await user.click(screen.getByTestId('consent-usage'));
    await user.click(screen.getByTestId('consent-terms'));
    expect(screen.getByTestId('consent-terms').parentElement).toHaveTextContent('1,00 € pro Monat');
    expect(next(6)).toBeDisabled();
    await record(user);
    expect(next(6)).toBeEnabled();
    await user.click(screen.getByTestId('consent-usage'));
    expect(next(6)).toBeDisabled();
    await user.click(screen.getByTestId('consent-usage'));
    await user.click(next(6));

    expect(screen.getByTestId('summary-name')).toHaveTextContent('Meine Stimme');
    expect(screen.getByTestId('summary-source')).toHaveTextContent('Erika Muster');
    expect(screen.getByTestId('summary-engine')).toHaveTextContent('Lokale Annäherung (eSpeak NG) – kein echter Klon');
    expect(screen.getByTestId('summary-fee')).toHaveTextContent('1,00 €/Monat');
    expect(screen.getByTestId('wizard-finish')).toHaveTextContent('Fertigstellen');
    expect(screen.queryByTestId('wizard-next-step-7')).not.toBeInTheDocument();
  });
});

describe('clone wizard: texts from the server', () => {
  it('lets the signed-in person speak the statement for "Meine eigene Stimme"', async () => {
    const { user } = start({}, makeUser({ name: 'Hanna Sprecherin' }));
    await user.type(await screen.findByLabelText('Name der Stimme'), 'A');
    await user.click(next(1));
    await user.click(screen.getByTestId('clone-source-own'));
    await user.click(next(2));
    await user.click(next(3));
    await record(user);
    await user.click(next(4));
    await user.click(next(5));
    expect(screen.getByTestId('consent-statement')).toHaveTextContent(/^Ich, Hanna Sprecherin, erlaube am/);
  });


  it('shows the server’s consent texts and engine name when it sends them', async () => {
    const { user } = start({
      'GET /api/voice-clones/setup': {
        json: {
          ...setup,
          engine: 'elevenlabs',
          approximation: false,
          engine_label: 'ElevenLabs Instant Voice Cloning',
          consents: ['Erste Erklärung.', 'Zweite Erklärung.', 'Dritte Erklärung.'],
        },
      },
    });
    await throughRecording(user);
    await user.click(next(5));
    await user.click(screen.getByLabelText('Erste Erklärung.'));
    await user.click(screen.getByLabelText('Zweite Erklärung.'));
    await user.click(screen.getByLabelText('Dritte Erklärung.'));
    await record(user);
    await user.click(next(6));
    expect(screen.getByTestId('summary-engine')).toHaveTextContent('ElevenLabs Instant Voice Cloning');
  });
});

describe('clone wizard: finish', () => {
  it('creates the clone, uploads both recordings, starts the training and goes to the list', async () => {
    saveDraft({ userId: 'u-1', step: 1, name: 'alt', description: '', clonedFrom: '', textSize: 16, scrollSpeed: 50, consents: { ownVoice: false, usage: false, terms: false }, recordingCount: 0 });
    const { api, user } = start();
    await user.click(await screen.findByTestId('draft-discard'));
    await toActivation(user);
    await user.click(screen.getByTestId('wizard-finish'));

    await waitFor(() => expect(currentPath()).toBe('/dashboard/voice-cloning'));
    expect(await screen.findByText('Stimme erstellt')).toBeInTheDocument();
    const order = api.calls.filter(
      (c) => c.method === 'POST' && (c.path.startsWith('/api/voice-clones/c-1') || c.path === '/api/voice-clones'),
    );
    expect(order.map((c) => c.path)).toEqual([
      '/api/voice-clones',
      '/api/voice-clones/c-1/samples',
      '/api/voice-clones/c-1/samples',
      '/api/voice-clones/c-1/training',
    ]);
    expect(order[0].body).toEqual({
      name: 'Meine Stimme',
      cloned_from: 'Erika Muster',
      description: null,
      teleprompter_text_size: 16,
      teleprompter_scroll_speed: 50,
      consents: { own_voice: true, usage: true, terms: true },
    });
    const training = order[1].body as FormData;
    expect(training.get('kind')).toBe('training');
    expect(training.get('step')).toBe('1');
    expect(training.get('file')).toBeInstanceOf(Blob);
    const consent = order[2].body as FormData;
    expect(consent.get('kind')).toBe('consent');
    expect(consent.get('step')).toBe('0');
    expect(consent.get('transcript')).toMatch(/^Ich, Erika Muster, erlaube am/);
    expect(order[3].body).toEqual({ action: 'start' });
    expect(localStorage.getItem(DRAFT_STORAGE_KEY)).toBeNull();
    expect(idb.size).toBe(0);
  });

  it('shows "Fehler beim Erstellen der Stimme" with the server message and stays', async () => {
    const { api, user } = start({
      'POST /api/voice-clones': apiError(422, 'validation', 'Ungültige Eingabe', 'Alle drei Einwilligungen sind erforderlich.'),
    });
    await toActivation(user);
    await user.click(screen.getByTestId('wizard-finish'));
    expect(await screen.findByText('Fehler beim Erstellen der Stimme')).toBeInTheDocument();
    expect(screen.getByText('Alle drei Einwilligungen sind erforderlich.')).toBeInTheDocument();
    expect(currentPath()).toBe('/dashboard/voice-cloning/new');
    expect(api.callsTo('POST /api/voice-clones/c-1/samples')).toHaveLength(0);
  });

  it('shows "Upload fehlgeschlagen" and retries without creating a second clone', async () => {
    let fail = true;
    const { api, user } = start({
      'POST /api/voice-clones/c-1/samples': (req: MockRequest) => {
        const kind = (req.body as FormData).get('kind') as 'training' | 'consent';
        return kind === 'consent' && fail ? apiError(422, 'validation', 'Ungültige Eingabe', 'Die Aufnahme ist stumm.') : sample(kind);
      },
    });
    await toActivation(user);
    await user.click(screen.getByTestId('wizard-finish'));
    expect(await screen.findByText('Upload fehlgeschlagen')).toBeInTheDocument();
    expect(screen.getByText('Die Aufnahme ist stumm.')).toBeInTheDocument();
    expect(api.callsTo('POST /api/voice-clones/c-1/training')).toHaveLength(0);
    expect(currentPath()).toBe('/dashboard/voice-cloning/new');

    fail = false;
    await user.click(screen.getByTestId('wizard-finish'));
    await waitFor(() => expect(currentPath()).toBe('/dashboard/voice-cloning'));
    expect(api.callsTo('POST /api/voice-clones')).toHaveLength(1);
    const kinds = api.callsTo('POST /api/voice-clones/c-1/samples').map((c) => (c.body as FormData).get('kind'));
    expect(kinds).toEqual(['training', 'consent', 'consent']);
  });

  it('still leaves for the list when only the training start fails', async () => {
    const { user } = start({
      'POST /api/voice-clones/c-1/training': apiError(409, 'conflict', 'Konflikt', 'Es fehlt die Einwilligungsaufnahme.'),
    });
    await toActivation(user);
    await user.click(screen.getByTestId('wizard-finish'));
    expect(await screen.findByText('Training-Start fehlgeschlagen')).toBeInTheDocument();
    expect(screen.getByText(/Die Stimme wurde erstellt\. Bitte starten Sie das Training manuell\./)).toBeInTheDocument();
    await waitFor(() => expect(currentPath()).toBe('/dashboard/voice-cloning'));
  });
});

describe('clone wizard: draft', () => {
  const draft = {
    userId: 'u-1',
    step: 6,
    name: 'Entwurfsstimme',
    description: 'Aus dem Entwurf',
    clonedFrom: 'Erika Muster',
    textSize: 20,
    scrollSpeed: 70,
    consents: { ownVoice: true, usage: true, terms: false },
    recordingCount: 1,
  };

  it('offers a draft of the same user and restores everything with "Fortsetzen"', async () => {
    saveDraft(draft);
    idb.set('u-1/4', { userId: 'u-1', step: 4, blob: new Blob(['alt']), durationSeconds: 9 });
    const { user } = start();
    const banner = await screen.findByTestId('draft-banner');
    expect(banner).toHaveTextContent('Entwurf gefunden');
    expect(banner).toHaveTextContent('Entwurfsstimme');
    await user.click(within(banner).getByTestId('draft-resume'));

    await waitFor(() => expect(screen.getByTestId('wizard-step-label')).toHaveTextContent('Schritt 6 von 7'));
    expect(screen.queryByTestId('draft-banner')).not.toBeInTheDocument();
    expect(screen.getByTestId('wizard-step-title')).toHaveFocus();
    expect(screen.getByTestId('consent-own-voice')).toBeChecked();
    expect(screen.getByTestId('consent-usage')).toBeChecked();
    expect(screen.getByTestId('consent-terms')).not.toBeChecked();
    await user.click(screen.getByTestId('wizard-back'));
    expect(screen.getByTestId('preview-audio')).toBeInTheDocument();
    expect(screen.getByText(/9,0 s/)).toBeInTheDocument();
    await user.click(screen.getByTestId('wizard-back'));
    await user.click(screen.getByTestId('wizard-back'));
    expect(screen.getByLabelText('Textgröße')).toHaveValue('20');
    expect(screen.getByLabelText('Scroll-Geschwindigkeit')).toHaveValue('70');
    await user.click(screen.getByTestId('wizard-back'));
    await user.click(screen.getByTestId('wizard-back'));
    expect(screen.getByLabelText('Name der Stimme')).toHaveValue('Entwurfsstimme');
    expect(screen.getByLabelText('Beschreibung (optional)')).toHaveValue('Aus dem Entwurf');
  });

  it('resumes no further than the first step that is not complete (a recording that was not kept)', async () => {
    saveDraft(draft);
    const { user } = start();
    await user.click(await screen.findByTestId('draft-resume'));
    await waitFor(() => expect(screen.getByTestId('wizard-step-label')).toHaveTextContent('Schritt 4 von 7'));
    expect(screen.getByTestId('record-start')).toBeInTheDocument();
  });

  it('continues at once with ?resume=1 (the clone list’s "Fortsetzen")', async () => {
    saveDraft({ ...draft, step: 3 });
    mockApi({ 'GET /api/me': { json: makeUser() }, 'GET /api/voice-clones/setup': { json: setup } });
    renderApp('/dashboard/voice-cloning/new?resume=1');
    await waitFor(() => expect(screen.getByTestId('wizard-step-label')).toHaveTextContent('Schritt 3 von 7'));
    expect(screen.queryByTestId('draft-banner')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Textgröße')).toHaveValue('20');
  });

  it('hands the focus to the wizard after resuming on step 1 too', async () => {
    saveDraft({ ...draft, step: 1 });
    const { user } = start();
    await user.click(await screen.findByTestId('draft-resume'));
    await waitFor(() => expect(screen.getByTestId('wizard-step-title')).toHaveFocus());
    expect(screen.getByLabelText('Name der Stimme')).toHaveValue('Entwurfsstimme');
  });

  it('ignores the draft of another user', async () => {
    saveDraft({ ...draft, userId: 'u-2' });
    start();
    await screen.findByLabelText('Name der Stimme');
    expect(screen.queryByTestId('draft-banner')).not.toBeInTheDocument();
    expect(screen.getByTestId('wizard-step-label')).toHaveTextContent('Schritt 1 von 7');
  });

  it('deletes the draft with "Verwerfen"', async () => {
    saveDraft(draft);
    idb.set('u-1/4', { userId: 'u-1', step: 4, blob: new Blob(['alt']), durationSeconds: 9 });
    const { user } = start();
    await user.click(await screen.findByTestId('draft-discard'));
    await waitFor(() => expect(screen.getByTestId('wizard-step-title')).toHaveFocus());
    await waitFor(() => expect(localStorage.getItem(DRAFT_STORAGE_KEY)).toBeNull());
    expect(idb.size).toBe(0);
    expect(screen.queryByTestId('draft-banner')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Name der Stimme')).toHaveValue('');
  });

  it('saves a change still waiting when the wizard is left', async () => {
    const { user } = start();
    await user.type(await screen.findByLabelText('Name der Stimme'), 'Eilig');
    await user.click(screen.getByRole('link', { name: 'Dashboard' }));
    await waitFor(() => expect(currentPath()).toBe('/dashboard'));
    expect(JSON.parse(localStorage.getItem(DRAFT_STORAGE_KEY)!)).toMatchObject({ userId: 'u-1', step: 1, name: 'Eilig' });
  });

  it('does not save a draft when nothing was changed', async () => {
    const { user } = start();
    await screen.findByLabelText('Name der Stimme');
    await user.click(screen.getByRole('link', { name: 'Dashboard' }));
    await waitFor(() => expect(currentPath()).toBe('/dashboard'));
    expect(localStorage.getItem(DRAFT_STORAGE_KEY)).toBeNull();
  });

  it('saves the draft 2 s after the last change, with the recording', async () => {
    const { user } = start();
    await user.type(await screen.findByLabelText('Name der Stimme'), 'Neu');
    await user.click(next(1));
    await user.type(screen.getByLabelText('Klonquelle'), 'Erika');
    await user.click(next(2));
    await user.click(next(3));
    await record(user);
    expect(localStorage.getItem(DRAFT_STORAGE_KEY)).toBeNull();
    await waitFor(() => expect(localStorage.getItem(DRAFT_STORAGE_KEY)).not.toBeNull(), { timeout: 4_000 });
    expect(JSON.parse(localStorage.getItem(DRAFT_STORAGE_KEY)!)).toMatchObject({
      userId: 'u-1',
      step: 4,
      name: 'Neu',
      clonedFrom: 'Erika',
      textSize: 16,
      scrollSpeed: 50,
      recordingCount: 1,
    });
    await waitFor(() => expect(idb.get('u-1/4')).toMatchObject({ userId: 'u-1', step: 4, durationSeconds: 12.4 }));
  });
});
