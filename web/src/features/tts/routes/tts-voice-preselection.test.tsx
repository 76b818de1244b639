import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeJob, makeUser, voicesFixture } from '@/testing/fixtures';
import { mockApi, type MockHandler } from '@/testing/mock-api';
import { chooseOption, renderApp } from '@/testing/test-utils';
import type { VoicesResponse } from '../api/types';
import { LAST_VOICE_GONE_MESSAGE, preselectVoice } from '../hooks/use-tts-form';

const LAST_VOICE_KEY = 'stimmwerk:last-voice';

/** The user's finished clone, which the server lists before the stock voices. */
const clone = {
  ...voicesFixture.voices[0],
  id: 'v-clone',
  key: 'clone-de-own',
  name: 'Meine Stimme',
  provider: 'clone' as const,
  type: 'clone' as const,
  avatar: null,
  is_demo: false,
};
const withClone: VoicesResponse = {
  ...voicesFixture,
  providers: [...voicesFixture.providers, { value: 'clone', label: 'Eigene Stimmen' }],
  voices: [clone, ...voicesFixture.voices],
};

beforeEach(() => window.localStorage.clear());
afterEach(() => {
  window.localStorage.clear();
  vi.unstubAllGlobals();
});

function setup(extra: Record<string, MockHandler> = {}) {
  const api = mockApi({
    'GET /api/me': { json: makeUser({ balance_cent: 100 }) },
    'GET /api/voices': { json: withClone },
    'GET /api/jobs': { json: { jobs: [] } },
    ...extra,
  });
  return { api, ...renderApp('/dashboard/tts') };
}

function checked(): (string | null)[] {
  return screen
    .getAllByTestId('voice-option')
    .filter((o) => o.getAttribute('data-state') === 'checked')
    .map((o) => o.getAttribute('data-voice-key'));
}

describe('TTS screen: the voice chosen without the user', () => {
  it('is the first stock voice, never the clone the server lists first', async () => {
    setup();
    await screen.findByTestId('voice-list');
    expect(checked()).toEqual(['local-de-male-1']);
    expect(screen.queryByTestId('voice-notice')).not.toBeInTheDocument();
  });

  it('is no clone either when the filter shows only clones', async () => {
    const { user } = setup();
    await screen.findByTestId('voice-list');
    await chooseOption(user, 'Anbieter', 'Eigene Stimmen');
    expect(screen.getAllByTestId('voice-option').map((o) => o.getAttribute('data-voice-key'))).toEqual(['clone-de-own']);
    expect(checked()).toEqual([]);
  });

  it('is the clone when the user used it last', async () => {
    window.localStorage.setItem(LAST_VOICE_KEY, 'v-clone');
    setup();
    await screen.findByTestId('voice-list');
    expect(checked()).toEqual(['clone-de-own']);
  });

  it('is none when the last used voice is gone: the screen says so and nothing is generated until the user picks one', async () => {
    window.localStorage.setItem(LAST_VOICE_KEY, 'v-deleted-clone');
    const { api, user } = setup({
      'POST /api/jobs': { status: 201, json: { job: makeJob({ id: 'j-n', status: 'pending' }), balance_cent: 99 } },
    });
    await screen.findByTestId('voice-list');
    expect(checked()).toEqual([]);
    expect(screen.getByTestId('voice-notice')).toHaveTextContent(LAST_VOICE_GONE_MESSAGE);

    await user.type(screen.getByTestId('tts-text'), 'Hallo');
    await user.click(screen.getByTestId('tts-submit'));
    expect(await screen.findByText('Bitte wählen Sie eine Stimme.')).toBeInTheDocument();
    expect(api.callsTo('POST /api/jobs')).toHaveLength(0);

    await user.click(screen.getAllByTestId('voice-option').find((o) => o.getAttribute('data-voice-key') === 'murf-de-female-1')!);
    expect(screen.queryByTestId('voice-notice')).not.toBeInTheDocument();
    await user.click(screen.getByTestId('tts-submit'));
    await waitFor(() => expect(api.callsTo('POST /api/jobs')).toHaveLength(1));
    expect((api.callsTo('POST /api/jobs')[0].body as { voice_id: string }).voice_id).toBe('v-lena');
  });
});

describe('preselectVoice', () => {
  const stock = { id: 's', type: 'public' as const, available: true };
  const own = { id: 'c', type: 'clone' as const, available: true };
  const off = { id: 'o', type: 'public' as const, available: false };

  it('keeps the last used voice while it is shown and usable', () => {
    expect(preselectVoice([own, stock], [own, stock], 'c')).toEqual({ voiceId: 'c', lastVoiceGone: false });
  });

  it('takes the first usable stock voice otherwise, never a clone', () => {
    expect(preselectVoice([own, off, stock], [own, off, stock], null)).toEqual({ voiceId: 's', lastVoiceGone: false });
    expect(preselectVoice([own], [own], null)).toEqual({ voiceId: '', lastVoiceGone: false });
    // Last used voice hidden by the language or the filter, but still there: the stock voice shown.
    expect(preselectVoice([own, stock], [stock], 'c')).toEqual({ voiceId: 's', lastVoiceGone: false });
  });

  it('chooses none when the last used voice is gone or unusable', () => {
    expect(preselectVoice([own, stock], [own, stock], 'deleted')).toEqual({ voiceId: '', lastVoiceGone: true });
    expect(preselectVoice([off, stock], [off, stock], 'o')).toEqual({ voiceId: '', lastVoiceGone: true });
  });
});
