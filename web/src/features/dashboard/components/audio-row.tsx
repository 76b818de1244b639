import { Trash2 } from 'lucide-react';
import { DownloadAudioButton, JobAudioPlayer } from '@/components/library/audio-controls';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { formatDateTime, formatDuration, truncate } from '@/lib/format';
import { JOB_STATUS_VARIANTS, statusLabel } from '@/lib/job-status';
import type { LibraryJob } from '@/lib/library';

/** One generated audio: text, voice, date, length, status, its player, download, delete. */
export function AudioRow({ job, onDelete }: { job: LibraryJob; onDelete: (job: LibraryJob) => void }) {
  const preview = truncate(job.text, 100);
  return (
    <li className="flex flex-col gap-3 px-4 py-4 sm:px-6" data-testid="dash-audio" data-job-id={job.id}>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:gap-4">
        <div className="flex min-w-0 flex-1 flex-col gap-1.5">
          <p className="break-words text-sm font-medium" title={job.text}>
            {preview}
          </p>
          <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-muted-foreground">
            <span>{job.voice.name}</span>
            <span>{formatDateTime(job.created_at)}</span>
            <span>{formatDuration(job.duration_seconds)}</span>
            <Badge variant={job.is_expired ? 'neutral' : JOB_STATUS_VARIANTS[job.status]}>{job.is_expired ? 'Abgelaufen' : statusLabel(job.status)}</Badge>
            {job.source === 'api' && <Badge variant="primary">API</Badge>}
          </div>
        </div>
        <div className="flex shrink-0 items-center gap-1.5 self-end sm:self-start">
          <DownloadAudioButton job={job} testIdPrefix="dash-job" />
          <Button variant="outline" size="icon" aria-label={`Endgültig löschen: ${preview}`} title="Endgültig löschen" onClick={() => onDelete(job)} data-testid="dash-delete">
            <Trash2 aria-hidden="true" />
          </Button>
        </div>
      </div>
      <JobAudioPlayer job={job} testIdPrefix="dash-job" className="max-w-2xl" />
    </li>
  );
}
