/** Shapes of the live demo endpoints (docs/api.md, "Live demo"). */

export type DemoLanguage = { code: string; name: string; flag: string };

export type DemoProviderOption = { value: string; label: string };

/** Same shape as a voice of `GET /api/voices`; the demo lists only demo voices. */
export type DemoVoice = {
  id: string;
  key: string | null;
  name: string;
  description: string | null;
  language: string;
  provider: string;
  gender: 'male' | 'female' | null;
  avatar: string | null;
  type: 'public' | 'clone';
  available: boolean;
  unavailable_reason: string | null;
  is_demo: boolean;
  supports_rate: boolean;
};

/** `GET /api/demo` */
export type DemoConfig = {
  tries_per_day: number;
  remaining: number;
  max_chars: number;
  languages: DemoLanguage[];
  providers: DemoProviderOption[];
  voices: DemoVoice[];
};
