import type { User } from '@/lib/auth';
import type { Job, VoicesResponse } from '@/features/tts/api/types';
import type { DemoConfig, DemoVoice } from '@/features/live-demo/api/types';
import type { Limits } from '@/lib/limits';
import type { Service, ServicesResponse } from '@/features/admin-api-settings/api/types';
import type { Session, Transaction, TransactionPage } from '@/features/account/api/types';

export function makeUser(overrides: Partial<User> = {}): User {
  return {
    id: 'u-1',
    name: 'Erika Muster',
    email: 'erika@example.de',
    organization: 'Muster GmbH',
    role: 'user',
    balance_cent: 100,
    created_at: '2026-11-01T10:00:00Z',
    second_factor: false,
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
    { value: 'murf_tts', label: 'Murf AI' },
    { value: 'openai_tts', label: 'OpenAI' },
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
      avatar: '/avatars/m1.svg',
      type: 'public',
      available: true,
      unavailable_reason: null,
      is_demo: true,
      supports_rate: false,
      supports_speed: true,
      supports_pitch: true,
    },
    {
      id: 'v-lena',
      key: 'murf-de-female-1',
      name: 'Lena',
      description: 'Warme Frauenstimme',
      language: 'de-DE',
      provider: 'murf_tts',
      gender: 'female',
      avatar: '/avatars/f1.svg',
      type: 'public',
      available: true,
      unavailable_reason: null,
      is_demo: false,
      supports_rate: true,
      supports_speed: true,
      supports_pitch: false,
    },
    {
      id: 'v-max',
      key: 'openai-de-male-1',
      name: 'Max',
      description: 'Dynamische Männerstimme',
      language: 'de-DE',
      provider: 'openai_tts',
      gender: 'male',
      avatar: '/avatars/m1.svg',
      type: 'public',
      available: false,
      unavailable_reason: 'Kein API-Schlüssel für OpenAI konfiguriert',
      is_demo: false,
      supports_rate: false,
      supports_speed: true,
      supports_pitch: false,
    },
    {
      id: 'v-emma',
      key: 'local-en-female-1',
      name: 'Emma',
      description: 'US English',
      language: 'en-US',
      provider: 'local',
      gender: 'female',
      avatar: '/avatars/f1.svg',
      type: 'public',
      available: true,
      unavailable_reason: null,
      is_demo: true,
      supports_rate: false,
      supports_speed: true,
      supports_pitch: true,
    },
  ],
};

export function makeJob(overrides: Partial<Job> = {}): Job {
  return {
    id: 'j-1',
    text: 'Hallo Welt, dies ist ein Test.',
    attempts: 0,
    status: 'completed',
    cost_cent: 3,
    duration_seconds: 2.4,
    error_message: null,
    created_at: '2026-11-21T13:05:00Z',
    completed_at: '2026-11-21T13:05:04Z',
    voice: { id: 'v-jonas', name: 'Jonas', language: 'de-DE', type: 'public', provider: 'local' },
    audio_url: '/api/jobs/j-1/audio',
    source: 'manual',
    expires_at: '2026-12-21T13:05:04Z',
    is_expired: false,
    saved_at: null,
    save_category: null,
    deleted_at: null,
    categories: [],
    tags: [],
    file_format: 'mp3',
    ...overrides,
  };
}

const NO_KEY = 'Für diesen Anbieter ist kein API-Schlüssel hinterlegt.';

function demoVoice(overrides: Partial<DemoVoice> & Pick<DemoVoice, 'id' | 'key' | 'name' | 'language' | 'provider'>): DemoVoice {
  return {
    description: '',
    gender: 'female',
    avatar: '/avatars/f1.svg',
    type: 'public',
    available: true,
    unavailable_reason: null,
    is_demo: true,
    supports_rate: false,
    supports_speed: false,
    supports_pitch: false,
    ...overrides,
  };
}

/** `GET /api/demo`: German and English demo voices, one needing a missing key, one with a rate. */
export function makeDemoConfig(overrides: Partial<DemoConfig> = {}): DemoConfig {
  return {
    tries_per_day: 3,
    remaining: 3,
    max_chars: 100,
    languages: [
      { code: 'de-DE', name: 'Deutsch', flag: '🇩🇪' },
      { code: 'en-US', name: 'English (US)', flag: '🇺🇸' },
    ],
    providers: [
      { value: 'all', label: 'Alle Anbieter' },
      { value: 'local', label: 'Lokal (eSpeak NG)' },
      { value: 'openai_tts', label: 'OpenAI' },
      { value: 'gemini_tts', label: 'Gemini' },
      { value: 'murf_tts', label: 'Murf AI' },
    ],
    voices: [
      demoVoice({ id: 'd-nova', key: 'openai-de-nova', name: 'Nova', language: 'de-DE', provider: 'openai_tts', available: false, unavailable_reason: NO_KEY }),
      demoVoice({ id: 'd-jonas', key: 'local-de-jonas', name: 'Jonas', language: 'de-DE', provider: 'local', gender: 'male', description: 'Klare Männerstimme' }),
      demoVoice({ id: 'd-klara', key: 'local-de-klara', name: 'Klara', language: 'de-DE', provider: 'local' }),
      demoVoice({ id: 'd-anna', key: 'murf-de-anna', name: 'Anna', language: 'de-DE', provider: 'murf_tts', supports_rate: true }),
      demoVoice({ id: 'd-alloy', key: 'openai-en-alloy', name: 'Alloy', language: 'en-US', provider: 'openai_tts', available: false, unavailable_reason: NO_KEY }),
      demoVoice({ id: 'd-emma', key: 'local-en-emma', name: 'Emma', language: 'en-US', provider: 'local' }),
    ],
    ...overrides,
  };
}

export function makeService(overrides: Partial<Service> & Pick<Service, 'id' | 'name'>): Service {
  return {
    category: 'AI/ML',
    description: 'Beschreibung',
    secret_name: 'APP__PROVIDERS__X__API_KEY',
    status: 'missing',
    source: null,
    key_last4: null,
    docs_url: 'https://example.test/docs',
    key_url: 'https://example.test/keys',
    can_store_key: true,
    can_test: true,
    ...overrides,
  };
}

/** `GET /api/admin/services`: one service per kind of state. */
export function makeServicesResponse(services?: Service[]): ServicesResponse {
  const list = services ?? [
    makeService({
      id: 'openai_tts',
      name: 'OpenAI TTS',
      description: 'Sprachsynthese mit OpenAI.',
      secret_name: 'APP__PROVIDERS__OPENAI__API_KEY',
      status: 'configured',
      source: 'database',
      key_last4: '1234',
      docs_url: 'https://platform.openai.com/docs/guides/text-to-speech',
      key_url: 'https://platform.openai.com/api-keys',
    }),
    makeService({
      id: 'gemini_tts',
      name: 'Gemini TTS',
      secret_name: 'APP__PROVIDERS__GEMINI__API_KEY',
      status: 'configured',
      source: 'environment',
      key_last4: 'abcd',
    }),
    makeService({ id: 'murf_tts', name: 'Murf AI', secret_name: 'APP__PROVIDERS__MURF__API_KEY' }),
    makeService({ id: 'cloud_tts', name: 'Google Cloud TTS', category: 'Cloud', secret_name: 'APP__PROVIDERS__GOOGLE__API_KEY' }),
    makeService({
      id: 'stripe',
      name: 'Stripe',
      category: 'Payment',
      secret_name: 'STRIPE_SECRET_KEY',
      can_store_key: false,
      can_test: false,
    }),
    makeService({
      id: 'postgres',
      name: 'PostgreSQL',
      category: 'Database',
      secret_name: 'APP__DATABASE__URL',
      status: 'configured',
      source: 'environment',
      can_store_key: false,
      can_test: true,
    }),
    makeService({
      id: 'redis',
      name: 'Redis',
      category: 'Database',
      secret_name: 'APP__REDIS__URL',
      status: 'configured',
      source: 'environment',
      can_store_key: false,
      can_test: true,
    }),
  ];
  return { configured: list.filter((s) => s.status === 'configured').length, total: list.length, services: list };
}

/** `GET /api/limits` as the server answers it. */
export function makeLimits(overrides: Partial<Limits> = {}): Limits {
  return {
    text_max_chars: 5000,
    chars_per_cent: 10,
    job_max_attempts: 3,
    exports_kept_per_format: 3,
    min_cost_cent: 1,
    demo_max_chars: 100,
    demo_tries_per_day: 3,
    signup_bonus_cent: 100,
    ...overrides,
  };
}

/** `GET /api/account/sessions` (one entry); the current one by default. */
export function makeSession(overrides: Partial<Session> = {}): Session {
  return {
    id: 's-current',
    client: '127.0.0.1',
    device: 'Chrome auf Linux',
    created_at: '2026-11-20T08:30:00Z',
    expires_at: '2026-12-04T08:30:00Z',
    current: true,
    ...overrides,
  };
}

/** One booking of `GET /api/account/transactions`. */
export function makeTransaction(overrides: Partial<Transaction> = {}): Transaction {
  return {
    id: 1,
    created_at: '2026-11-01T10:05:00Z',
    kind: 'signup_bonus',
    label: 'Startguthaben',
    amount_cent: 100,
    balance_after_cent: 100,
    job_id: null,
    ...overrides,
  };
}

/** A page of bookings as the server answers it. */
export function makeTransactionPage(items: Transaction[], { page = 1, per_page = 10, total = items.length } = {}): TransactionPage {
  return { items, page, per_page, total };
}
