import { RadioGroup } from 'radix-ui';
import { useId } from 'react';
import type { ExportProfile } from '../api/types';
import { EXPORT_PROFILES, exportProfile } from '../utils/project-rules';

const item =
  'flex min-h-9 items-center justify-center rounded-lg border px-3 py-1.5 text-center text-sm font-medium transition-colors cursor-pointer ' +
  'border-border bg-card hover:border-ring/60 hover:bg-muted/60 focus-visible:outline-none focus-visible:ring-2 ' +
  'focus-visible:ring-ring/40 disabled:cursor-not-allowed disabled:opacity-60 data-[state=checked]:border-primary ' +
  'data-[state=checked]:bg-primary-soft data-[state=checked]:text-accent-foreground data-[state=checked]:ring-1 data-[state=checked]:ring-primary';

type ExportProfileChoiceProps = {
  value: ExportProfile;
  onChange: (profile: ExportProfile) => void;
  /** Why ACX would refuse the project's cover, shown while ACX is chosen. */
  acxRefusal: string | null;
  disabled?: boolean;
};

/**
 * "Profil": how the export's audio is made ready (a radio group, arrow keys move and
 * select), with what the chosen profile means, and why ACX would refuse the cover.
 */
export function ExportProfileChoice({ value, onChange, acxRefusal, disabled }: ExportProfileChoiceProps) {
  const id = useId();
  const refused = value === 'acx' && acxRefusal;
  return (
    <fieldset className="flex flex-col gap-2">
      <legend id={`${id}-legend`} className="mb-2 text-sm font-medium">
        Profil
      </legend>
      <RadioGroup.Root
        value={value}
        onValueChange={(profile) => onChange(profile as ExportProfile)}
        disabled={disabled}
        aria-labelledby={`${id}-legend`}
        aria-describedby={refused ? `${id}-hint ${id}-refusal` : `${id}-hint`}
        // Three side by side where they fit; in a narrow column they wrap.
        className="grid grid-cols-[repeat(auto-fit,minmax(6rem,1fr))] gap-2"
        data-testid="export-profile"
      >
        {EXPORT_PROFILES.map(({ profile, label }) => (
          <RadioGroup.Item key={profile} value={profile} className={item} data-testid={`export-profile-${profile}`}>
            {label}
          </RadioGroup.Item>
        ))}
      </RadioGroup.Root>
      <p id={`${id}-hint`} className="text-xs text-muted-foreground" data-testid="export-profile-hint">
        {exportProfile(value).description}
      </p>
      {refused && (
        <p id={`${id}-refusal`} className="text-xs font-medium text-destructive" data-testid="export-profile-refusal">
          {acxRefusal} Laden Sie unter „Veröffentlichung“ ein passendes Cover hoch oder entfernen Sie es.
        </p>
      )}
    </fieldset>
  );
}
