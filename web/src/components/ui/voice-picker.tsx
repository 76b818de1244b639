import { Check, CircleOff, Mic } from 'lucide-react';
import { useRef, type KeyboardEvent } from 'react';
import { cn } from '@/lib/cn';
import type { Voice } from '@/lib/voices';
import { Badge } from './badge';
import { Button } from './button';

/** The fields of a voice the picker shows (an avatar of `null` shows a microphone). */
export type VoicePickerVoice = Pick<
  Voice,
  'id' | 'key' | 'name' | 'description' | 'provider' | 'gender' | 'avatar' | 'type' | 'available' | 'unavailable_reason'
>;

export type VoicePickerProvider = { value: string; label: string };

const GENDER_LABELS: Record<string, string> = { male: 'Männlich', female: 'Weiblich' };

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
  /** Test ids of the list and of each option. */
  listTestId?: string;
  optionTestId?: string;
};

export function providerLabel(providers: VoicePickerProvider[], value: string): string {
  return providers.find((p) => p.value === value)?.label ?? value;
}

/**
 * A radio group of voices: name, gender, provider and description; voices that are
 * not available stay visible but disabled, with their reason.
 */
export function VoicePicker({
  voices,
  providers,
  value,
  onChange,
  filterActive,
  onResetFilter,
  labelledBy,
  listTestId = 'voice-list',
  optionTestId = 'voice-option',
}: VoicePickerProps) {
  const listRef = useRef<HTMLDivElement>(null);

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

  // Arrow keys move between the selectable voices, as in a radio group.
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (!['ArrowDown', 'ArrowUp'].includes(event.key)) return;
    const options = Array.from(listRef.current?.querySelectorAll<HTMLButtonElement>('[role="radio"]:not([disabled])') ?? []);
    const index = options.findIndex((o) => o === document.activeElement);
    if (options.length === 0) return;
    event.preventDefault();
    const next = options[(index + (event.key === 'ArrowDown' ? 1 : options.length - 1) + options.length) % options.length];
    next.focus();
    next.click();
  };

  const focusableId = voices.some((v) => v.id === value && v.available) ? value : voices.find((v) => v.available)?.id;
  // Usable voices first; the others stay visible below with their reason.
  const ordered = [...voices].sort((a, b) => Number(b.available) - Number(a.available));

  return (
    <div
      ref={listRef}
      role="radiogroup"
      aria-labelledby={labelledBy}
      onKeyDown={onKeyDown}
      className="flex max-h-96 flex-col gap-2 overflow-y-auto pr-1"
      data-testid={listTestId}
    >
      {ordered.map((voice) => {
        const selected = voice.id === value;
        return (
          <button
            key={voice.id}
            type="button"
            role="radio"
            aria-checked={selected}
            disabled={!voice.available}
            tabIndex={voice.id === focusableId ? 0 : -1}
            onClick={() => onChange(voice.id)}
            data-testid={optionTestId}
            data-voice-key={voice.key ?? undefined}
            data-available={voice.available}
            className={cn(
              'group flex w-full items-start gap-3 rounded-lg border px-3 py-2.5 text-left transition-colors',
              selected ? 'border-primary bg-primary-soft ring-1 ring-primary' : 'border-border bg-card hover:border-ring/60 hover:bg-muted/60',
              !voice.available && 'cursor-not-allowed opacity-60 hover:border-border hover:bg-card',
              voice.available && 'cursor-pointer',
            )}
          >
            <span
              className={cn(
                'relative mt-0.5 flex size-9 shrink-0 items-center justify-center rounded-full',
                selected ? 'bg-primary text-primary-foreground' : 'bg-muted text-muted-foreground',
              )}
            >
              {voice.avatar ? (
                <img src={voice.avatar} alt="" className="size-9 rounded-full" data-testid="voice-avatar" />
              ) : (
                <Mic className="size-4" aria-hidden="true" />
              )}
              {selected && (
                <span className="absolute -right-1 -bottom-1 flex size-4 items-center justify-center rounded-full bg-primary text-primary-foreground ring-2 ring-card">
                  <Check className="size-3" aria-hidden="true" />
                </span>
              )}
            </span>
            <span className="flex min-w-0 flex-1 flex-col gap-1">
              <span className="flex flex-wrap items-center gap-1.5">
                <span className="font-medium">{voice.name}</span>
                {voice.gender && <Badge variant="neutral">{GENDER_LABELS[voice.gender] ?? voice.gender}</Badge>}
                <Badge variant="outline">{providerLabel(providers, voice.provider)}</Badge>
                {voice.type === 'clone' && <Badge variant="primary">Eigene Stimme</Badge>}
              </span>
              {voice.description && <span className="text-xs text-muted-foreground">{voice.description}</span>}
              {!voice.available && (
                <span className="text-xs font-medium text-warning" data-testid="voice-unavailable-reason">
                  {voice.unavailable_reason ?? 'Derzeit nicht verfügbar'}
                </span>
              )}
            </span>
          </button>
        );
      })}
    </div>
  );
}
