import { useId } from 'react';
import { ALL_PROVIDERS, languageOptions, providerOptions, type Language, type ProviderOption } from '@/lib/voices';
import { Alert } from './alert';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from './card';
import { Label } from './label';
import { Select } from './select';
import { SpeechRateControl } from './speech-rate-control';
import { VoicePicker, type VoicePickerVoice } from './voice-picker';

export type VoiceSelection = {
  languages: Language[];
  providers: ProviderOption[];
  /** The voices of the chosen language and provider. */
  voices: VoicePickerVoice[];
  language: string;
  onLanguageChange: (code: string) => void;
  provider: string;
  onProviderChange: (value: string) => void;
  voiceId: string;
  onVoiceChange: (id: string) => void;
  /** A hint above the voices (e.g. that the last used voice is gone and none is chosen). */
  notice?: string;
  /** The speech-rate slider, shown when the chosen voice supports a rate. */
  rate?: { value: number | undefined; onChange: (rate: number) => void; testId?: string };
};

/**
 * "Stimme wählen": language, provider filter, the voices and (for some voices) the speech
 * rate. Used by the generation screen and the live demo.
 */
export function VoiceSelectionPanel({
  selection,
  description,
  settingsHref,
  listTestId,
  optionTestId,
}: {
  selection: VoiceSelection;
  description: string;
  settingsHref?: string;
  listTestId?: string;
  optionTestId?: string;
}) {
  const titleId = useId();
  const s = selection;
  return (
    <Card>
      <CardHeader>
        <CardTitle id={titleId}>Stimme wählen</CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-1">
          <div className="flex flex-col gap-2">
            <Label htmlFor={`${titleId}-language`}>Sprache</Label>
            <Select
              id={`${titleId}-language`}
              value={s.language}
              onValueChange={s.onLanguageChange}
              options={languageOptions(s.languages)}
              data-testid="language-select"
            />
          </div>
          <div className="flex flex-col gap-2">
            <Label htmlFor={`${titleId}-provider`}>Anbieter</Label>
            <Select
              id={`${titleId}-provider`}
              value={s.provider}
              onValueChange={s.onProviderChange}
              options={providerOptions(s.providers)}
              data-testid="provider-select"
            />
          </div>
        </div>
        {s.notice && (
          <div data-testid="voice-notice">
            <Alert variant="info">{s.notice}</Alert>
          </div>
        )}
        <VoicePicker
          voices={s.voices}
          providers={s.providers}
          value={s.voiceId}
          onChange={s.onVoiceChange}
          filterActive={s.provider !== ALL_PROVIDERS}
          onResetFilter={() => s.onProviderChange(ALL_PROVIDERS)}
          labelledBy={titleId}
          settingsHref={settingsHref}
          listTestId={listTestId}
          optionTestId={optionTestId}
        />
        {s.rate && <SpeechRateControl value={s.rate.value} onChange={s.rate.onChange} data-testid={s.rate.testId} />}
      </CardContent>
    </Card>
  );
}
