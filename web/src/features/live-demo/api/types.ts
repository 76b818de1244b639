/** Shapes of the live demo endpoints (docs/api.md, "Live demo"). */

import type { Language, ProviderOption, Voice } from '@/lib/voices';

/** The demo lists only demo voices, in the shape of `GET /api/voices`. */
export type DemoVoice = Voice;

/** `GET /api/demo` */
export type DemoConfig = {
  tries_per_day: number;
  remaining: number;
  max_chars: number;
  languages: Language[];
  providers: ProviderOption[];
  voices: DemoVoice[];
};
