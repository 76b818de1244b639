import { BookmarkCheck, CalendarClock, Clock, Euro, Hourglass, Mic } from 'lucide-react';
import type { ReactNode } from 'react';
import { expiryState, type ExpiryState } from '@/lib/expiry';
import { formatCents, formatDateTime, formatDuration } from '@/lib/format';
import type { LibraryJob } from '@/lib/library';

type AudioFactsProps = {
  job: LibraryJob;
  /** The current time (one clock for every row's countdown). */
  now: number;
  /** Test id of the expiry line: `<prefix>-expiry`. */
  testIdPrefix: string;
  /** More facts after these (a source badge, the trash date). */
  children?: ReactNode;
};

/** What an audio is: voice, cost, length, creation date, and how long it is kept. */
export function AudioFacts({ job, now, testIdPrefix, children }: AudioFactsProps) {
  return (
    <div className="flex flex-wrap items-center gap-x-4 gap-y-1 text-xs text-muted-foreground">
      <span className="inline-flex items-center gap-1">
        <Mic className="size-3.5" aria-hidden="true" />
        {job.voice ? `${job.voice.name} · ${job.voice.language}` : 'Unbekannte Stimme'}
      </span>
      <span className="inline-flex items-center gap-1">
        <Euro className="size-3.5" aria-hidden="true" />
        <span className="sr-only">Kosten:</span>
        {formatCents(job.cost_cent)}
      </span>
      <span className="inline-flex items-center gap-1">
        <Clock className="size-3.5" aria-hidden="true" />
        <span className="sr-only">Länge:</span>
        {formatDuration(job.duration_seconds)}
      </span>
      <span className="inline-flex items-center gap-1">
        <CalendarClock className="size-3.5" aria-hidden="true" />
        <span className="sr-only">Erstellt:</span>
        <time dateTime={job.created_at}>{formatDateTime(job.created_at)}</time>
      </span>
      <ExpiryInfo state={expiryState(job, now)} testId={`${testIdPrefix}-expiry`} />
      {children}
    </div>
  );
}

/** "Dauerhaft gespeichert", "Abgelaufen", "Läuft am … ab" or, in the last day, "Läuft ab in hh:mm:ss". */
function ExpiryInfo({ state, testId }: { state: ExpiryState; testId: string }) {
  if (state.kind === 'none') return null;
  const tone = state.kind === 'saved' ? 'font-medium text-success' : state.kind === 'expired' ? 'font-medium text-destructive' : '';
  const Icon = state.kind === 'saved' ? BookmarkCheck : Hourglass;
  const text =
    state.kind === 'saved'
      ? 'Dauerhaft gespeichert'
      : state.kind === 'expired'
        ? 'Abgelaufen'
        : state.kind === 'date'
          ? `Läuft am ${state.text} ab`
          : `Läuft ab in ${state.text}`;
  return (
    <span className={`inline-flex items-center gap-1 tabular-nums ${tone}`} data-testid={testId}>
      <Icon className="size-3.5" aria-hidden="true" />
      {text}
    </span>
  );
}
