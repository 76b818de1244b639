import { useId } from 'react';
import { FieldError } from '@/components/ui/form';
import { Label } from '@/components/ui/label';
import { Select } from '@/components/ui/select';
import { VoicePreviewButton } from '@/components/voice-preview/voice-preview-button';
import { languageOptions, type Language, type ProviderOption, type Voice } from '@/lib/voices';
import { VoiceSelect } from './voice-select';

export const NARRATOR_PLACEHOLDER = 'Sprecher wählen …';

type ProjectVoiceFieldProps = {
  languages: Language[];
  providers: ProviderOption[];
  language: string;
  onLanguageChange: (code: string) => void;
  /** The voices of the chosen language. */
  voices: Voice[];
  /** The chosen voice; '' until the user picks one. */
  value: string;
  onChange: (voiceId: string) => void;
  error?: string;
};

/**
 * The project's voice: a language, then the narrator, which the user always picks
 * (nothing is preselected): the stock voices by provider, the user's own clones in a group
 * after them. The chosen voice can be heard ("Hörprobe") before the project is created.
 */
export function ProjectVoiceField({ languages, providers, language, onLanguageChange, voices, value, onChange, error }: ProjectVoiceFieldProps) {
  const id = useId();
  const chosen = voices.find((v) => v.id === value);
  return (
    <fieldset className="flex flex-col gap-3">
      <legend className="mb-2 text-sm font-medium">Stimme</legend>
      <div className="flex flex-col gap-2">
        <Label htmlFor={`${id}-language`}>Sprache</Label>
        <Select id={`${id}-language`} value={language} onValueChange={onLanguageChange} options={languageOptions(languages)} data-testid="project-language" />
      </div>
      <div className="flex flex-col gap-2">
        <Label htmlFor={`${id}-voice`}>Sprecher</Label>
        <div className="flex items-center gap-2">
          <VoiceSelect
            id={`${id}-voice`}
            voices={voices}
            value={value || null}
            onChange={(next) => next && onChange(next)}
            providers={providers}
            withLanguage={false}
            placeholder={NARRATOR_PLACEHOLDER}
            className="min-w-0 flex-1"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-voice-error` : undefined}
            data-testid="project-voice-select"
          />
          {chosen && <VoicePreviewButton key={chosen.id} voiceId={chosen.id} voiceName={chosen.name} className="h-10" />}
        </div>
        {!voices.some((v) => v.available) && <p className="text-xs text-muted-foreground">Für diese Sprache ist kein Sprecher verfügbar.</p>}
        <FieldError id={`${id}-voice-error`} message={error} />
      </div>
    </fieldset>
  );
}
