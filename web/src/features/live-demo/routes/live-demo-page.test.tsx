import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeDemoConfig } from '@/testing/fixtures';
import { apiError, mockApi, type MockHandler, type MockReply } from '@/testing/mock-api';
import { renderApp, chooseOption } from '@/testing/test-utils';
import type { DemoConfig } from '../api/types';

const MP3 = new Uint8Array([0x49, 0x44, 0x33, 0x04, 0x00]);

let urlCounter = 0;
const createObjectURL = vi.fn((_blob: Blob) => `blob:demo-${++urlCounter}`);
const revokeObjectURL = vi.fn((_url: string) => undefined);

beforeEach(() => {
  urlCounter = 0;
  createObjectURL.mockClear();
  revokeObjectURL.mockClear();
  Object.assign(URL, { createObjectURL, revokeObjectURL });
});

afterEach(() => vi.unstubAllGlobals());

function speechReply(remaining: number): MockReply {
  return { body: MP3, headers: { 'Content-Type': 'audio/mpeg', 'X-Demo-Remaining': String(remaining) } };
}

function setup({ config = makeDemoConfig(), extra = {} as Record<string, MockHandler> }: { config?: DemoConfig; extra?: Record<string, MockHandler> } = {}) {
  const api = mockApi({
    'GET /api/demo': { json: config },
    'POST /api/demo/speech': speechReply(Math.max(0, config.remaining - 1)),
    ...extra,
  });
  const view = renderApp('/live-demo');
  return { api, ...view };
}

function option(key: string) {
  return screen.getAllByTestId('demo-voice-option').find((o) => o.getAttribute('data-voice-key') === key)!;
}

function selectedKey() {
  return screen
    .getAllByTestId('demo-voice-option')
    .find((o) => o.getAttribute('aria-checked') === 'true')
    ?.getAttribute('data-voice-key');
}

async function ready() {
  return (await screen.findByTestId('demo-text')) as HTMLTextAreaElement;
}

describe('live demo: loading and layout', () => {
  it('shows the remaining tries, the header links and selects the first available voice', async () => {
    const { api } = setup({ config: makeDemoConfig({ remaining: 2 }) });
    await ready();
    expect(screen.getByRole('heading', { level: 1, name: 'Live Demo' })).toBeInTheDocument();
    expect(screen.getByTestId('demo-remaining')).toHaveTextContent('Verbleibende Tests: 2 von 3');
    const nav = screen.getByRole('navigation', { name: 'Kopfnavigation' });
    expect(within(nav).getByRole('link', { name: 'Anmelden' })).toHaveAttribute('href', '/auth');
    expect(within(nav).getByRole('link', { name: /Zur Startseite/ })).toHaveAttribute('href', '/');
    // German first; the unavailable OpenAI voice is skipped.
    expect(screen.getByLabelText('Sprache')).toHaveTextContent('(de-DE)');
    expect(selectedKey()).toBe('local-de-jonas');
    expect(api.callsTo('GET /api/demo')).toHaveLength(1);
    expect(screen.queryByTestId('demo-play')).not.toBeInTheDocument();
  });

  it('shows an error with a retry when the demo cannot be loaded', async () => {
    const { api, user } = setup({ extra: { 'GET /api/demo': apiError(500, 'internal', 'Serverfehler', 'Interner Fehler.') } });
    expect(await screen.findByText('Die Demo konnte nicht geladen werden')).toBeInTheDocument();
    api.on('GET /api/demo', { json: makeDemoConfig() });
    await user.click(screen.getByRole('button', { name: /Erneut versuchen/ }));
    expect(await screen.findByTestId('demo-text')).toBeInTheDocument();
  });
});

describe('live demo: text', () => {
  it('counts characters in a badge that turns red above 100', async () => {
    setup();
    const text = await ready();
    const counter = screen.getByTestId('demo-counter');
    expect(counter).toHaveTextContent('0/100');
    expect(text).not.toHaveAttribute('maxLength');

    fireEvent.change(text, { target: { value: 'a'.repeat(100) } });
    expect(counter).toHaveTextContent('100/100');
    expect(counter).toHaveAttribute('data-over-limit', 'false');
    expect(counter).not.toHaveClass('text-destructive');

    fireEvent.change(text, { target: { value: 'ä'.repeat(101) } });
    expect(counter).toHaveTextContent('101/100');
    expect(counter).toHaveAttribute('data-over-limit', 'true');
    expect(counter).toHaveClass('bg-destructive-soft', 'text-destructive');
  });

  it('asks for text before sending anything', async () => {
    const { api, user } = setup();
    await ready();
    await user.click(screen.getByTestId('demo-generate'));
    expect(await screen.findByText('Eingabe unvollständig')).toBeInTheDocument();
    expect(screen.getByText('Bitte geben Sie Text ein und wählen Sie eine Stimme.')).toBeInTheDocument();
    fireEvent.change(screen.getByTestId('demo-text'), { target: { value: '    ' } });
    await user.click(screen.getByTestId('demo-generate'));
    expect(api.callsTo('POST /api/demo/speech')).toHaveLength(0);
  });

  it('asks for a voice when the filter left none selected', async () => {
    const { api, user } = setup();
    const text = await ready();
    await chooseOption(user, 'Anbieter', 'OpenAI');
    expect(selectedKey()).toBeUndefined();
    await user.type(text, 'Hallo');
    await user.click(screen.getByTestId('demo-generate'));
    expect(await screen.findByText('Eingabe unvollständig')).toBeInTheDocument();
    expect(api.callsTo('POST /api/demo/speech')).toHaveLength(0);
  });

  it('refuses more than 100 characters with the current count', async () => {
    const { api, user } = setup();
    const text = await ready();
    fireEvent.change(text, { target: { value: 'x'.repeat(120) } });
    await user.click(screen.getByTestId('demo-generate'));
    expect(await screen.findByText('Text zu lang')).toBeInTheDocument();
    expect(screen.getByText('Maximale Länge: 100 Zeichen. Aktuell: 120 Zeichen.')).toBeInTheDocument();
    expect(api.callsTo('POST /api/demo/speech')).toHaveLength(0);
  });
});

describe('live demo: voices', () => {
  it('shows unavailable voices disabled with their reason', async () => {
    setup();
    await ready();
    const nova = option('openai-de-nova');
    expect(nova).toBeDisabled();
    expect(nova).toHaveTextContent('Für diesen Anbieter ist kein API-Schlüssel hinterlegt.');
    expect(option('local-de-klara')).toBeEnabled();
  });

  it('selects the first available voice of a new language', async () => {
    const { user } = setup();
    await ready();
    await user.click(option('local-de-klara'));
    expect(selectedKey()).toBe('local-de-klara');
    await chooseOption(user, 'Sprache', /en-US/);
    // Usable voices are listed first; the unavailable one stays visible below.
    expect(screen.getAllByTestId('demo-voice-option').map((o) => o.getAttribute('data-voice-key'))).toEqual([
      'local-en-emma',
      'openai-en-alloy',
    ]);
    expect(selectedKey()).toBe('local-en-emma');
    await chooseOption(user, 'Sprache', /de-DE/);
    expect(selectedKey()).toBe('local-de-jonas');
  });

  it('offers all providers when the filter leaves no voice', async () => {
    const { user } = setup();
    await ready();
    await chooseOption(user, 'Anbieter', 'Gemini');
    expect(screen.getByText('Keine Sprecher für den gewählten Filter verfügbar')).toBeInTheDocument();
    expect(screen.queryAllByTestId('demo-voice-option')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Alle Anbieter anzeigen' }));
    expect(screen.getByLabelText('Anbieter')).toHaveTextContent('Alle Anbieter');
    expect(screen.getAllByTestId('demo-voice-option')).toHaveLength(4);
    expect(selectedKey()).toBe('local-de-jonas');
  });

  it('lists the provider options of the API', async () => {
    const { user } = setup();
    await ready();
    await user.click(screen.getByLabelText('Anbieter'));
    const labels = (await screen.findAllByRole('option')).map((o) => o.textContent);
    expect(labels).toEqual(['Alle Anbieter', 'Lokal (eSpeak NG)', 'OpenAI', 'Gemini', 'Murf AI']);
  });

  it('shows the speed slider only for voices with a rate and sends it as `rate`', async () => {
    const { api, user } = setup();
    const text = await ready();
    expect(screen.queryByLabelText('Sprechgeschwindigkeit')).not.toBeInTheDocument();

    await user.click(option('murf-de-anna'));
    const slider = screen.getByLabelText('Sprechgeschwindigkeit');
    expect(slider).toHaveAttribute('min', '0.7');
    expect(slider).toHaveAttribute('max', '1.3');
    expect(slider).toHaveAttribute('step', '0.1');
    expect(slider).toHaveValue('0.9');
    fireEvent.change(slider, { target: { value: '1.2' } });
    expect(screen.getByTestId('demo-rate')).toHaveTextContent('1,2×');

    await user.type(text, 'Schneller sprechen');
    await user.click(screen.getByTestId('demo-generate'));
    await screen.findByTestId('demo-play');
    expect(api.callsTo('POST /api/demo/speech')[0].body).toEqual({ text: 'Schneller sprechen', voice_id: 'd-anna', rate: 1.2 });

    await user.click(option('local-de-jonas'));
    expect(screen.queryByLabelText('Sprechgeschwindigkeit')).not.toBeInTheDocument();
    await user.click(screen.getByTestId('demo-generate'));
    await screen.findByTestId('demo-play');
    expect(api.callsTo('POST /api/demo/speech')[1].body).toEqual({ text: 'Schneller sprechen', voice_id: 'd-jonas' });
  });
});

describe('live demo: generating', () => {
  it('sends the request with the CSRF header, shows a spinner, then play and download', async () => {
    let release: () => void = () => undefined;
    const { api, user } = setup({
      extra: {
        'POST /api/demo/speech': () =>
          new Promise<void>((resolve) => {
            release = resolve;
          }).then(() => speechReply(2)),
      },
    });
    const text = await ready();
    await user.type(text, '  Guten Tag!  ');
    await user.click(screen.getByTestId('demo-generate'));
    expect(await screen.findByText('Audio wird generiert...')).toBeInTheDocument();
    expect(screen.getByTestId('demo-generate')).toBeDisabled();
    release();

    const play = await screen.findByTestId('demo-play');
    expect(screen.getByTestId('demo-download')).toBeInTheDocument();
    expect(screen.queryByText('Audio wird generiert...')).not.toBeInTheDocument();
    const [call] = api.callsTo('POST /api/demo/speech');
    expect(call.body).toEqual({ text: 'Guten Tag!', voice_id: 'd-jonas' });
    expect(call.headers['x-requested-with']).toBe('stimmwerk');
    expect(call.credentials).toBe('same-origin');
    expect(screen.getByTestId('demo-remaining')).toHaveTextContent('Verbleibende Tests: 2 von 3');
    expect(createObjectURL).toHaveBeenCalledTimes(1);
    expect(screen.getByTestId('demo-audio')).toHaveAttribute('src', 'blob:demo-1');
    expect(play).toHaveAccessibleName('Abspielen');
  });

  it('toggles play and pause', async () => {
    const playSpy = vi.spyOn(HTMLMediaElement.prototype, 'play');
    const pauseSpy = vi.spyOn(HTMLMediaElement.prototype, 'pause');
    const { user } = setup();
    await user.type(await ready(), 'Hallo');
    await user.click(screen.getByTestId('demo-generate'));
    const play = await screen.findByTestId('demo-play');
    await user.click(play);
    expect(playSpy).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(play).toHaveAccessibleName('Pause'));
    expect(play).toHaveAttribute('data-state', 'playing');
    await user.click(play);
    expect(pauseSpy).toHaveBeenCalled();
    await waitFor(() => expect(play).toHaveAccessibleName('Abspielen'));
  });

  it('reports a playback failure', async () => {
    vi.spyOn(HTMLMediaElement.prototype, 'play').mockRejectedValue(new DOMException('bad', 'NotSupportedError'));
    const { user } = setup();
    await user.type(await ready(), 'Hallo');
    await user.click(screen.getByTestId('demo-generate'));
    await user.click(await screen.findByTestId('demo-play'));
    expect(await screen.findByText('Wiedergabefehler')).toBeInTheDocument();
    expect(screen.getByText('Die Audio-Datei konnte nicht abgespielt werden.')).toBeInTheDocument();
    expect(screen.getByTestId('demo-play')).toHaveAccessibleName('Abspielen');
  });

  it('clears the audio when another voice is selected and revokes its URL', async () => {
    const { user } = setup();
    await user.type(await ready(), 'Hallo');
    await user.click(screen.getByTestId('demo-generate'));
    await screen.findByTestId('demo-play');
    await user.click(option('local-de-jonas')); // the same voice keeps the audio
    expect(screen.getByTestId('demo-play')).toBeInTheDocument();

    await user.click(option('local-de-klara'));
    expect(screen.queryByTestId('demo-play')).not.toBeInTheDocument();
    expect(screen.queryByTestId('demo-audio')).not.toBeInTheDocument();
    expect(revokeObjectURL).toHaveBeenCalledWith('blob:demo-1');
  });

  it('clears the audio when the language changes', async () => {
    const { user } = setup();
    await user.type(await ready(), 'Hallo');
    await user.click(screen.getByTestId('demo-generate'));
    await screen.findByTestId('demo-play');
    await chooseOption(user, 'Sprache', /en-US/);
    expect(screen.queryByTestId('demo-play')).not.toBeInTheDocument();
    expect(revokeObjectURL).toHaveBeenCalledWith('blob:demo-1');
  });

  it('revokes the previous URL when a new audio replaces it', async () => {
    const { user } = setup();
    await user.type(await ready(), 'Hallo');
    await user.click(screen.getByTestId('demo-generate'));
    await screen.findByTestId('demo-play');
    await user.click(screen.getByTestId('demo-generate'));
    await waitFor(() => expect(screen.getByTestId('demo-audio')).toHaveAttribute('src', 'blob:demo-2'));
    expect(revokeObjectURL).toHaveBeenCalledWith('blob:demo-1');
    expect(revokeObjectURL).not.toHaveBeenCalledWith('blob:demo-2');
  });

  it('downloads the MP3 named after the first 30 characters of the text', async () => {
    const names: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      names.push(this.download);
    });
    const { user } = setup();
    const text = await ready();
    fireEvent.change(text, { target: { value: 'Grüße aus Köln: ein Test für den Download!' } });
    await user.click(screen.getByTestId('demo-generate'));
    // The text may change afterwards; the file is named after the text that was spoken.
    fireEvent.change(text, { target: { value: 'Etwas anderes' } });
    await user.click(await screen.findByTestId('demo-download'));
    expect(names).toEqual(['Grüße aus Köln- ein Test für d.mp3']);
    const blob = createObjectURL.mock.calls.at(-1)?.[0] as Blob;
    expect(new Uint8Array(await blob.arrayBuffer())).toEqual(MP3);
  });

  it('shows the server error by title and message, without retrying', async () => {
    const { api, user } = setup({
      extra: {
        'POST /api/demo/speech': apiError(502, 'engine', 'Fehler bei der Audio-Generierung', 'Die Sprach-Engine ist nicht erreichbar.'),
      },
    });
    await user.type(await ready(), 'Hallo');
    await user.click(screen.getByTestId('demo-generate'));
    expect(await screen.findByText('Fehler bei der Audio-Generierung')).toBeInTheDocument();
    expect(screen.getByText('Die Sprach-Engine ist nicht erreichbar.')).toBeInTheDocument();
    expect(api.callsTo('POST /api/demo/speech')).toHaveLength(1);
    expect(screen.getByTestId('demo-remaining')).toHaveTextContent('Verbleibende Tests: 3 von 3');
    expect(screen.getByTestId('demo-generate')).toBeEnabled();
  });

  it("titles any other failure in the spec's words, the server's reason below, one toast for repeats", async () => {
    const { api, user } = setup({
      extra: { 'POST /api/demo/speech': apiError(500, 'internal', 'Interner Fehler', 'Bitte versuchen Sie es gleich noch einmal.') },
    });
    await user.type(await ready(), 'Hallo');
    await user.click(screen.getByTestId('demo-generate'));
    expect(await screen.findByText('Fehler bei der Audio-Generierung')).toBeInTheDocument();
    expect(screen.getByText('Bitte versuchen Sie es gleich noch einmal.')).toBeInTheDocument();
    expect(screen.queryByText('Interner Fehler')).not.toBeInTheDocument();
    await user.click(screen.getByTestId('demo-generate'));
    await waitFor(() => expect(api.callsTo('POST /api/demo/speech')).toHaveLength(2));
    // The second failure replaces the first toast instead of stacking another.
    await waitFor(() => expect(screen.getAllByText('Fehler bei der Audio-Generierung')).toHaveLength(1));
  });

  it('shows the validation error of the server', async () => {
    const { user } = setup({
      extra: {
        'POST /api/demo/speech': apiError(422, 'validation', 'Text zu lang', 'Maximale Länge: 100 Zeichen. Aktuell: 101 Zeichen.'),
      },
    });
    await user.type(await ready(), 'Hallo');
    await user.click(screen.getByTestId('demo-generate'));
    expect(await screen.findByText('Text zu lang')).toBeInTheDocument();
    expect(screen.getByText('Maximale Länge: 100 Zeichen. Aktuell: 101 Zeichen.')).toBeInTheDocument();
  });
});

describe('live demo: limit', () => {
  const LIMIT_MESSAGE = 'Sie haben bereits 3 Tests verwendet. Registrieren Sie sich für unbegrenzte Nutzung.';

  it('locks the demo after the server refuses with demo_limit', async () => {
    const { api, user } = setup({
      extra: { 'POST /api/demo/speech': apiError(429, 'demo_limit', 'Demo-Limit erreicht', LIMIT_MESSAGE) },
    });
    await user.type(await ready(), 'Hallo');
    expect(screen.queryByTestId('demo-limit')).not.toBeInTheDocument();
    await user.click(screen.getByTestId('demo-generate'));
    await waitFor(() => expect(screen.getAllByText('Demo-Limit erreicht').length).toBeGreaterThanOrEqual(2));
    expect(screen.getByTestId('demo-generate')).toBeDisabled();
    const notice = screen.getByTestId('demo-limit');
    expect(notice).toHaveTextContent(LIMIT_MESSAGE);
    expect(within(notice).getByRole('link', { name: /registrieren/i })).toHaveAttribute('href', '/auth?tab=signup');
    expect(screen.getByTestId('demo-remaining')).toHaveTextContent('Verbleibende Tests: 0 von 3');
    expect(api.callsTo('POST /api/demo/speech')).toHaveLength(1);
  });

  it('locks the demo when no tries are left on arrival', async () => {
    const { api, user } = setup({ config: makeDemoConfig({ remaining: 0 }) });
    await user.type(await ready(), 'Hallo');
    expect(screen.getByTestId('demo-generate')).toBeDisabled();
    expect(screen.getByTestId('demo-limit')).toHaveTextContent('Demo-Limit erreicht');
    expect(screen.getByTestId('demo-limit')).toHaveTextContent(LIMIT_MESSAGE);
    expect(screen.getByTestId('demo-remaining')).toHaveTextContent('Verbleibende Tests: 0 von 3');
    expect(api.callsTo('POST /api/demo/speech')).toHaveLength(0);
  });

  it('locks the demo after the last try succeeded', async () => {
    const { user } = setup({ config: makeDemoConfig({ remaining: 1 }), extra: { 'POST /api/demo/speech': speechReply(0) } });
    await user.type(await ready(), 'Hallo');
    await user.click(screen.getByTestId('demo-generate'));
    await screen.findByTestId('demo-play');
    expect(screen.getByTestId('demo-remaining')).toHaveTextContent('Verbleibende Tests: 0 von 3');
    expect(screen.getByTestId('demo-generate')).toBeDisabled();
    expect(screen.getByTestId('demo-limit')).toBeInTheDocument();
  });
});
