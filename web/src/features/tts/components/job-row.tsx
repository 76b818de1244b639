import { LoaderCircle, Save, Trash2 } from 'lucide-react';
import { DownloadAudioButton } from '@/components/library/audio-controls';
import { AudioFacts } from '@/components/library/audio-facts';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { expiryState } from '@/lib/expiry';
import { truncate } from '@/lib/format';
import { retryLabel } from '@/lib/job-status';
import { useLimits } from '@/lib/limits';
import type { Job } from '../api/types';
import { JOB_STATUS_VARIANTS, isActiveStatus, statusLabel } from '../utils/status';
import { JobPlayback } from './job-playback';

export const TEXT_PREVIEW_LENGTH = 100;

export type JobRowProps = {
  job: Job;
  onDelete: (job: Job) => void;
  onSave: (job: Job) => void;
  /** The current time (one clock for every row's countdown). */
  now: number;
};

export function JobRow({ job, onDelete, onSave, now }: JobRowProps) {
  const expiry = expiryState(job, now);
  const expired = expiry.kind === 'expired';
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
      className="@container flex scroll-mt-20 flex-col gap-3 px-4 py-4 outline-offset-[-2px] sm:px-6"
    >
      {/* What it is and what can be done with it; the player (and its transcript) below get the row's whole width.
          Side by side only where the row is wide (a container query): beside the voice column at 1024 px the
          list is narrow, and the text squeezed next to the buttons made a row taller than the window. */}
      <div className="flex flex-col gap-3 @md:flex-row @md:items-start @md:gap-4">
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
          <AudioFacts job={job} now={now} testIdPrefix="job" />
          {job.status === 'failed' && job.error_message && (
            <p className="text-xs text-destructive" data-testid="job-error">
              {job.error_message}
            </p>
          )}
        </div>
        <JobActions job={job} expired={expired} savable={expiry.kind === 'countdown' || expiry.kind === 'date'} onDelete={onDelete} onSave={onSave} />
      </div>
      <JobPlayback job={job} expired={expired} />
    </li>
  );
}

/** Download, "Dauerhaft speichern" (while the audio would expire) and delete. */
function JobActions({ job, expired, savable, onDelete, onSave }: { job: Job; expired: boolean; savable: boolean } & Pick<JobRowProps, 'onDelete' | 'onSave'>) {
  return (
    <div className="flex shrink-0 items-center gap-1.5 self-end @md:self-start">
      <DownloadAudioButton job={job} expired={expired} testIdPrefix="job" />
      {savable && (
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
  );
}
