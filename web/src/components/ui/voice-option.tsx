import { Check, Mic } from 'lucide-react';
import { RadioGroup } from 'radix-ui';
import { VoicePreviewButton } from '@/components/voice-preview/voice-preview-button';
import { cn } from '@/lib/cn';
import type { Voice } from '@/lib/voices';
import { Badge } from './badge';

/** The fields of a voice the picker shows (an avatar of `null` shows a microphone). */
export type VoicePickerVoice = Pick<
  Voice,
  'id' | 'key' | 'name' | 'description' | 'provider' | 'gender' | 'avatar' | 'type' | 'available' | 'unavailable_reason'
>;

const GENDER_LABELS: Record<string, string> = { male: 'Männlich', female: 'Weiblich' };

/** Shown when the server sends no reason for an unusable voice. */
export const UNAVAILABLE_FALLBACK = 'Derzeit nicht verfügbar.';

/**
 * One voice as a radio (Radix RadioGroup item) with its "Hörprobe" beside it (a button may
 * not sit inside the radio, so both share a positioned wrapper); unusable voices are
 * disabled with their reason.
 */
export function VoiceOption({
  voice,
  selected,
  providerLabel,
  testId,
}: {
  voice: VoicePickerVoice;
  selected: boolean;
  providerLabel: string;
  testId: string;
}) {
  return (
    <div className="relative">
      <RadioGroup.Item
        value={voice.id}
        disabled={!voice.available}
        data-testid={testId}
        data-voice-key={voice.key ?? undefined}
        data-available={voice.available}
        className={cn(
          'group flex w-full items-start gap-3 rounded-lg border py-2.5 pr-28 pl-3 text-left transition-colors',
          selected ? 'border-primary bg-primary-soft ring-1 ring-primary' : 'border-border bg-card hover:border-ring/60 hover:bg-muted/60',
          !voice.available && 'cursor-not-allowed bg-muted/50 hover:border-border hover:bg-muted/50',
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
            <Badge variant="outline">{providerLabel}</Badge>
            {voice.type === 'clone' && <Badge variant="primary">Eigene Stimme</Badge>}
          </span>
          {voice.description && <span className="text-xs text-muted-foreground">{voice.description}</span>}
          {!voice.available && (
            <span className="text-xs font-medium text-warning" data-testid="voice-unavailable-reason">
              {voice.unavailable_reason ?? UNAVAILABLE_FALLBACK}
            </span>
          )}
        </span>
      </RadioGroup.Item>
      {voice.available && <VoicePreviewButton voiceId={voice.id} voiceName={voice.name} className="absolute top-2 right-2" />}
    </div>
  );
}
