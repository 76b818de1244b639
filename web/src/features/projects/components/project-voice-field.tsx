import { useId } from 'react';
import { FieldError } from '@/components/ui/form';
import { Label } from '@/components/ui/label';
import { Select } from '@/components/ui/select';
import { VoicePicker } from '@/components/ui/voice-picker';
import { languageOptions, type Language, type ProviderOption, type Voice } from '@/lib/voices';

type ProjectVoiceFieldProps = {
  languages: Language[];
  providers: ProviderOption[];
  language: string;
  onLanguageChange: (code: string) => void;
  /** The voices of the chosen language. */
  voices: Voice[];
  value: string;
  onChange: (voiceId: string) => void;
  error?: string;
};

/** The project's voice: a language, then one of its voices (with their "Hörprobe"). */
export function ProjectVoiceField({ languages, providers, language, onLanguageChange, voices, value, onChange, error }: ProjectVoiceFieldProps) {
  const id = useId();
  return (
    <fieldset className="flex flex-col gap-3">
      <legend id={`${id}-legend`} className="mb-2 text-sm font-medium">
        Stimme
      </legend>
      <div className="flex flex-col gap-2">
        <Label htmlFor={`${id}-language`}>Sprache</Label>
        <Select id={`${id}-language`} value={language} onValueChange={onLanguageChange} options={languageOptions(languages)} data-testid="project-language" />
      </div>
      <VoicePicker
        voices={voices}
        providers={providers}
        value={value}
        onChange={onChange}
        filterActive={false}
        onResetFilter={() => undefined}
        labelledBy={`${id}-legend`}
        listTestId="project-voice-list"
        optionTestId="project-voice-option"
      />
      <FieldError message={error} />
    </fieldset>
  );
}
