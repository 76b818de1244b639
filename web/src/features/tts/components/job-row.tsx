import { BookmarkCheck, CalendarClock, Clock, Euro, Hourglass, LoaderCircle, Mic, Save, Trash2 } from 'lucide-react';
import { AudioControls } from '@/components/library/audio-controls';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { formatCents, formatDateTime, formatDuration, truncate } from '@/lib/format';
import { retryLabel } from '@/lib/job-status';
import { useLimits } from '@/lib/limits';
import type { Job } from '../api/types';
import { expiryState } from '../utils/expiry';
import { JOB_STATUS_VARIANTS, isActiveStatus, statusLabel } from '../utils/status';

export const TEXT_PREVIEW_LENGTH = 100;

export type JobRowProps = {
  job: Job;
  playing: boolean;
  onTogglePlay: (job: Job) => void;
  onDelete: (job: Job) => void;
  onSave: (job: Job) => void;
  /** The current time (one clock for every row's countdown). */
  now: number;
};

export function JobRow({ job, playing, onTogglePlay, onDelete, onSave, now }: JobRowProps) {
  const expiry = expiryState(job, now);
  const preview = truncate(job.text, TEXT_PREVIEW_LENGTH);
  const retry = retryLabel(job, useLimits().data?.job_max_attempts);
  const label = retry ?? statusLabel(job.status);
  const variant = retry ? 'warning' : (JOB_STATUS_VARIANTS[job.status] ?? 'primary');
  return (
    <li
      tabIndex={-1}
      aria-label={`${label}: ${preview}`}
      data-testid="job-row"
      data-status={job.status}
      data-job-id={job.id}
      className="flex scroll-mt-20 flex-col gap-3 px-4 py-4 outline-offset-[-2px] sm:flex-row sm:items-center sm:gap-4 sm:px-6"
    >
      <div className="flex min-w-0 flex-1 flex-col gap-1.5">
        <div className="flex flex-wrap items-start gap-2">
          <p className="min-w-0 flex-1 break-words text-sm font-medium leading-snug" title={job.text}>
            {preview}
          </p>
          <Badge variant={variant} data-testid="job-status">
            {isActiveStatus(job.status) && <LoaderCircle className="animate-spin" aria-hidden="true" />}
            {label}
          </Badge>
        </div>
        <div className="flex flex-wrap items-center gap-x-4 gap-y-1 text-xs text-muted-foreground">
          <span className="inline-flex items-center gap-1">
            <Mic className="size-3.5" aria-hidden="true" />
            {job.voice ? `${job.voice.name} · ${job.voice.language}` : 'Unbekannte Stimme'}
          </span>
          <span className="inline-flex items-center gap-1">
            <Euro className="size-3.5" aria-hidden="true" />
            {formatCents(job.cost_cent)}
          </span>
          <span className="inline-flex items-center gap-1">
            <Clock className="size-3.5" aria-hidden="true" />
            {formatDuration(job.duration_seconds)}
          </span>
          <span className="inline-flex items-center gap-1">
            <CalendarClock className="size-3.5" aria-hidden="true" />
            <time dateTime={job.created_at}>{formatDateTime(job.created_at)}</time>
          </span>
          <ExpiryInfo state={expiry} />
        </div>
        {job.status === 'failed' && job.error_message && (
          <p className="text-xs text-destructive" data-testid="job-error">
            {job.error_message}
          </p>
        )}
      </div>
      <div className="flex shrink-0 items-center gap-1.5 self-end sm:self-center">
        <AudioControls job={job} playing={playing} onTogglePlay={onTogglePlay} expired={expiry.kind === 'expired'} testIdPrefix="job" />
        {(expiry.kind === 'countdown' || expiry.kind === 'date') && (
          <Button variant="outline" size="sm" onClick={() => onSave(job)} data-testid="job-save">
            <Save aria-hidden="true" />
            Dauerhaft speichern
          </Button>
        )}
        <Button
          variant="ghost"
          size="icon"
          onClick={() => onDelete(job)}
          aria-label="Löschen"
          title="Löschen"
          className="text-muted-foreground hover:bg-destructive-soft hover:text-destructive"
          data-testid="job-delete"
        >
          <Trash2 aria-hidden="true" />
        </Button>
      </div>
    </li>
  );
}

function ExpiryInfo({ state }: { state: ReturnType<typeof expiryState> }) {
  if (state.kind === 'saved')
    return (
      <span className="inline-flex items-center gap-1 font-medium text-success" data-testid="job-expiry">
        <BookmarkCheck className="size-3.5" aria-hidden="true" />
        Dauerhaft gespeichert
      </span>
    );
  if (state.kind === 'expired')
    return (
      <span className="inline-flex items-center gap-1 font-medium text-destructive" data-testid="job-expiry">
        <Hourglass className="size-3.5" aria-hidden="true" />
        Abgelaufen
      </span>
    );
  if (state.kind === 'date')
    return (
      <span className="inline-flex items-center gap-1" data-testid="job-expiry">
        <Hourglass className="size-3.5" aria-hidden="true" />
        Läuft am {state.text} ab
      </span>
    );
  if (state.kind === 'countdown')
    return (
      <span className="inline-flex items-center gap-1 tabular-nums" data-testid="job-expiry">
        <Hourglass className="size-3.5" aria-hidden="true" />
        Läuft ab in {state.text}
      </span>
    );
  return null;
}
