import { ChevronDown } from 'lucide-react';
import { Select } from '@/components/ui/select';
import { cn } from '@/lib/cn';
import type { ProviderOption, Voice } from '@/lib/voices';
import { unusableChoice, voiceChoiceGroups } from '../utils/voice-options';

/** The option that sets no own voice (Radix Select allows no empty value). */
const INHERIT = 'inherit';

type VoiceSelectProps = {
  id: string;
  voices: Voice[];
  /** The voice set now; null = none of its own. */
  value: string | null;
  onChange: (voiceId: string | null) => void;
  /** The first option, standing for "no own voice" ("Stimme des Projekts"); none for the project itself. */
  inheritLabel?: string;
  /** Splits the stock voices by provider (in this order); without it they form one group. */
  providers?: ProviderOption[];
  /** Adds the language to each name (default), for a list of several languages. */
  withLanguage?: boolean;
  placeholder?: string;
  className?: string;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
  'data-testid'?: string;
};

/**
 * A voice for a project or chapter (Radix Select, labelled by a `<Label htmlFor={id}>`):
 * the stock voices first, the user's own clones in a group after them.
 */
export function VoiceSelect({
  id,
  voices,
  value,
  onChange,
  inheritLabel,
  providers,
  withLanguage,
  placeholder = 'Stimme wählen',
  className,
  ...aria
}: VoiceSelectProps) {
  const unusable = unusableChoice(voices, value);
  const options = [...(inheritLabel ? [{ value: INHERIT, label: inheritLabel }] : []), ...(unusable ? [unusable] : [])];
  return (
    <Select
      id={id}
      value={value ?? (inheritLabel ? INHERIT : '')}
      onValueChange={(next) => onChange(next === INHERIT ? null : next)}
      options={options}
      groups={voiceChoiceGroups(voices, { providers, withLanguage })}
      placeholder={placeholder}
      className={className}
      {...aria}
    />
  );
}

type ParagraphVoiceSelectProps = {
  voices: Voice[];
  value: string | null;
  onChange: (voiceId: string | null) => void;
  disabled?: boolean;
  label: string;
};

/**
 * A paragraph's own voice (dialogue with two speakers) as a small native select: a chapter
 * has hundreds of paragraphs, and the native control costs no script per row.
 */
export function ParagraphVoiceSelect({ voices, value, onChange, disabled, label }: ParagraphVoiceSelectProps) {
  const unusable = unusableChoice(voices, value);
  return (
    <span className="relative inline-flex max-w-full">
      <select
        value={value ?? ''}
        onChange={(event) => onChange(event.target.value === '' ? null : event.target.value)}
        disabled={disabled}
        aria-label={label}
        title={label}
        className={cn(
          'h-8 max-w-56 cursor-pointer appearance-none truncate rounded-lg border border-input bg-card py-0 pl-2 pr-6 text-xs text-foreground shadow-xs',
          'hover:bg-muted focus-visible:border-ring focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring/40',
          'disabled:cursor-not-allowed disabled:opacity-50',
        )}
        data-testid="paragraph-voice"
      >
        <option value="">Stimme des Kapitels</option>
        {unusable && <option value={unusable.value}>{unusable.label}</option>}
        {voiceChoiceGroups(voices).map((group) => (
          <optgroup key={group.label} label={group.label}>
            {group.options.map((choice) => (
              <option key={choice.value} value={choice.value}>
                {choice.label}
              </option>
            ))}
          </optgroup>
        ))}
      </select>
      <ChevronDown aria-hidden="true" className="pointer-events-none absolute right-1.5 top-1/2 size-3.5 -translate-y-1/2 text-muted-foreground" />
    </span>
  );
}
