import { useMemo, useState } from 'react';
import type { VoiceSelection } from '@/components/ui/voice-selection-panel';
import { ALL_PROVIDERS, defaultLanguage, firstAvailableId, visibleVoices } from '@/lib/voices';
import type { DemoConfig } from '../api/types';

/**
 * Voice selection of the demo: a new language selects its first available voice, a filter
 * that hides the chosen voice selects the first one it shows; `onVoiceChanged` runs when
 * the voice really changes (the previous audio is then cleared).
 */
export function useDemoVoices(config: DemoConfig, onVoiceChanged: () => void) {
  const { languages, providers, voices } = config;
  const [language, setLanguage] = useState(() => defaultLanguage(languages));
  const [provider, setProvider] = useState(ALL_PROVIDERS);
  const [voiceId, setVoiceId] = useState(() => firstAvailableId(visibleVoices(voices, language, ALL_PROVIDERS)));
  const [rate, setRate] = useState<number | undefined>(undefined);
  const shown = useMemo(() => visibleVoices(voices, language, provider), [voices, language, provider]);
  const selectedVoice = voices.find((v) => v.id === voiceId);

  const selectVoice = (id: string) => {
    if (id === voiceId) return;
    setVoiceId(id);
    onVoiceChanged();
  };

  const selection: VoiceSelection = {
    languages,
    providers,
    voices: shown,
    language,
    onLanguageChange: (code) => {
      setLanguage(code);
      selectVoice(firstAvailableId(visibleVoices(voices, code, provider)));
    },
    provider,
    onProviderChange: (value) => {
      setProvider(value);
      const next = visibleVoices(voices, language, value);
      if (!next.some((v) => v.id === voiceId && v.available)) selectVoice(firstAvailableId(next));
    },
    voiceId,
    onVoiceChange: selectVoice,
    rate: selectedVoice?.supports_rate ? { value: rate, onChange: setRate, testId: 'demo-rate' } : undefined,
  };
  return { selection, selectedVoice, rate };
}
