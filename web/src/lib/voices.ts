import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './api-client';
import type { ApiLanguage, ApiProviderOption, ApiVoice, ApiVoiceList } from './api-types';

// Voice selection rules shared by the generation screen and the live demo.

/** Provider filter value that shows every provider. */
export const ALL_PROVIDERS = 'all';
/** The language preselected when it is offered. */
export const DEFAULT_LANGUAGE = 'de-DE';

export type Language = ApiLanguage;

export type ProviderOption = ApiProviderOption;

/** A voice as `GET /api/voices` and `GET /api/demo` send it (generated from the API contract). */
export type Voice = ApiVoice;

type SelectableVoice = Pick<Voice, 'id' | 'language' | 'provider' | 'type' | 'available'>;

/** "clone" also matches every cloned voice, whatever engine it runs on. */
export function matchesProvider(voice: SelectableVoice, provider: string): boolean {
  return provider === ALL_PROVIDERS || voice.provider === provider || (provider === 'clone' && voice.type === 'clone');
}

export function visibleVoices<V extends SelectableVoice>(voices: V[], language: string, provider: string): V[] {
  return voices.filter((v) => v.language === language && matchesProvider(v, provider));
}

export function firstAvailableId(voices: SelectableVoice[]): string {
  return voices.find((v) => v.available)?.id ?? '';
}

/** German when offered, else the first language. */
export function defaultLanguage(languages: Pick<Language, 'code'>[]): string {
  return languages.some((l) => l.code === DEFAULT_LANGUAGE) ? DEFAULT_LANGUAGE : (languages[0]?.code ?? '');
}

/** Select options "Deutsch (de-DE)". Flags are left out: many systems (Windows, headless) cannot draw flag emoji. */
export function languageOptions(languages: Pick<Language, 'code' | 'name'>[]): ProviderOption[] {
  return languages.map((l) => ({ value: l.code, label: `${l.name} (${l.code})` }));
}

export function providerOptions(providers: ProviderOption[]): ProviderOption[] {
  return providers.length > 0 ? providers : [{ value: ALL_PROVIDERS, label: 'Alle Anbieter' }];
}

/** The voices the signed-in user may use (`GET /api/voices`), shared by every screen that lists them. */
export const voiceKeys = { all: ['voices'] as const };

export const voiceListQueryOptions = () =>
  queryOptions({ queryKey: voiceKeys.all, queryFn: () => api.get<ApiVoiceList>('/api/voices') });

export function useVoiceList() {
  return useQuery(voiceListQueryOptions());
}
