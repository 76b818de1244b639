import { Mic2 } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/cn';
import type { Voice } from '@/lib/voices';

/** The clone voices as cards; a click filters the audios by that voice (again: all voices). */
export function CloneVoiceCards({ voices, selected, onSelect }: { voices: Voice[]; selected: string; onSelect: (id: string) => void }) {
  if (voices.length === 0) {
    return <p className="text-sm text-muted-foreground">Sie haben noch keine geklonten Stimmen.</p>;
  }
  return (
    <ul className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3" aria-label="Geklonte Stimmen">
      {voices.map((v) => (
        <li key={v.id}>
          <button
            type="button"
            aria-pressed={v.id === selected}
            onClick={() => onSelect(v.id)}
            className={cn(
              'flex w-full items-start gap-3 rounded-[var(--radius-card)] border border-border bg-card p-4 text-left hover:border-primary',
              v.id === selected && 'border-primary ring-2 ring-primary/30',
            )}
            data-testid="clone-voice-card"
          >
            <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-primary-soft text-primary">
              <Mic2 className="size-4" aria-hidden="true" />
            </span>
            <span className="flex min-w-0 flex-col gap-1">
              <span className="font-medium">{v.name}</span>
              <span className="text-xs text-muted-foreground">{v.language}</span>
              <Badge variant={v.available ? 'success' : 'neutral'}>{v.available ? 'Bereit' : (v.unavailable_reason ?? 'Nicht verfügbar')}</Badge>
              {v.description && <span className="text-xs text-muted-foreground">{v.description}</span>}
            </span>
          </button>
        </li>
      ))}
    </ul>
  );
}
