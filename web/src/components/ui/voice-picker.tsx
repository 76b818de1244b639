import { CircleOff, Settings } from 'lucide-react';
import { RadioGroup } from 'radix-ui';
import { Link } from 'react-router';
import { Button } from './button';
import { VoiceOption, type VoicePickerVoice } from './voice-option';

export type { VoicePickerVoice } from './voice-option';

export type VoicePickerProvider = { value: string; label: string };

export const EMPTY_FILTER_TEXT = 'Keine Sprecher für den gewählten Filter verfügbar';

export type VoicePickerProps = {
  voices: VoicePickerVoice[];
  providers: VoicePickerProvider[];
  value: string;
  onChange: (voiceId: string) => void;
  /** Whether a provider filter narrows the list (then an empty list offers a reset). */
  filterActive: boolean;
  onResetFilter: () => void;
  labelledBy?: string;
  /** Admins get a link to the engine settings under a list with unusable voices. */
  settingsHref?: string;
  /** Test ids of the list and of each option. */
  listTestId?: string;
  optionTestId?: string;
};

export function providerLabel(providers: VoicePickerProvider[], value: string): string {
  return providers.find((p) => p.value === value)?.label ?? value;
}

/**
 * A radio group of voices (Radix: arrow keys move and select, one tab stop); voices that
 * are not available stay visible but disabled, with the server's reason.
 */
export function VoicePicker({
  voices,
  providers,
  value,
  onChange,
  filterActive,
  onResetFilter,
  labelledBy,
  settingsHref,
  listTestId = 'voice-list',
  optionTestId = 'voice-option',
}: VoicePickerProps) {
  if (voices.length === 0) {
    return (
      <div className="flex flex-col items-center gap-3 rounded-lg border border-dashed border-border px-4 py-8 text-center">
        <CircleOff className="size-6 text-muted-foreground" aria-hidden="true" />
        <p className="text-sm text-muted-foreground">{EMPTY_FILTER_TEXT}</p>
        {filterActive && (
          <Button variant="outline" size="sm" onClick={onResetFilter}>
            Alle Anbieter anzeigen
          </Button>
        )}
      </div>
    );
  }

  // Usable voices first; the others stay visible below with their reason.
  const ordered = [...voices].sort((a, b) => Number(b.available) - Number(a.available));
  const someUnavailable = voices.some((v) => !v.available);

  return (
    <div className="flex flex-col gap-2">
      <RadioGroup.Root
        value={value}
        onValueChange={onChange}
        aria-labelledby={labelledBy}
        orientation="vertical"
        className="flex max-h-96 flex-col gap-2 overflow-y-auto p-0.5 pr-1"
        data-testid={listTestId}
      >
        {ordered.map((voice) => (
          <VoiceOption
            key={voice.id}
            voice={voice}
            selected={voice.id === value}
            providerLabel={providerLabel(providers, voice.provider)}
            testId={optionTestId}
          />
        ))}
      </RadioGroup.Root>
      {settingsHref && someUnavailable && (
        <Link
          to={settingsHref}
          className="inline-flex items-center gap-1.5 self-start text-sm font-medium text-primary underline-offset-4 hover:underline"
          data-testid="voice-settings-link"
        >
          <Settings className="size-4" aria-hidden="true" />
          Einstellungen öffnen
        </Link>
      )}
    </div>
  );
}
