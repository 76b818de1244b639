import type { User } from '@/lib/auth';
import type { Job, VoicesResponse } from '@/features/tts/api/types';

export function makeUser(overrides: Partial<User> = {}): User {
  return {
    id: 'u-1',
    name: 'Erika Muster',
    email: 'erika@example.de',
    organization: 'Muster GmbH',
    role: 'user',
    balance_cent: 100,
    created_at: '2026-11-01T10:00:00Z',
    ...overrides,
  };
}

export const voicesFixture: VoicesResponse = {
  languages: [
    { code: 'de-DE', name: 'Deutsch', flag: '🇩🇪' },
    { code: 'en-US', name: 'Englisch (USA)', flag: '🇺🇸' },
  ],
  providers: [
    { value: 'all', label: 'Alle Anbieter' },
    { value: 'local', label: 'Lokal (eSpeak NG)' },
    { value: 'murf', label: 'Murf AI' },
    { value: 'openai', label: 'OpenAI' },
  ],
  voices: [
    {
      id: 'v-jonas',
      key: 'local-de-male-1',
      name: 'Jonas',
      description: 'Klare, ruhige Männerstimme',
      language: 'de-DE',
      provider: 'local',
      gender: 'male',
      type: 'public',
      available: true,
      unavailable_reason: null,
      is_demo: true,
      supports_rate: false,
    },
    {
      id: 'v-lena',
      key: 'murf-de-female-1',
      name: 'Lena',
      description: 'Warme Frauenstimme',
      language: 'de-DE',
      provider: 'murf',
      gender: 'female',
      type: 'public',
      available: true,
      unavailable_reason: null,
      is_demo: false,
      supports_rate: true,
    },
    {
      id: 'v-max',
      key: 'openai-de-male-1',
      name: 'Max',
      description: 'Dynamische Männerstimme',
      language: 'de-DE',
      provider: 'openai',
      gender: 'male',
      type: 'public',
      available: false,
      unavailable_reason: 'Kein API-Schlüssel für OpenAI konfiguriert',
      is_demo: false,
      supports_rate: false,
    },
    {
      id: 'v-emma',
      key: 'local-en-female-1',
      name: 'Emma',
      description: 'US English',
      language: 'en-US',
      provider: 'local',
      gender: 'female',
      type: 'public',
      available: true,
      unavailable_reason: null,
      is_demo: true,
      supports_rate: false,
    },
  ],
};

export function makeJob(overrides: Partial<Job> = {}): Job {
  return {
    id: 'j-1',
    text: 'Hallo Welt, dies ist ein Test.',
    status: 'completed',
    cost_cent: 3,
    duration_seconds: 2.4,
    error_message: null,
    created_at: '2026-11-21T13:05:00Z',
    completed_at: '2026-11-21T13:05:04Z',
    voice: { id: 'v-jonas', name: 'Jonas', language: 'de-DE', type: 'public', provider: 'local' },
    audio_url: '/api/jobs/j-1/audio',
    ...overrides,
  };
}
