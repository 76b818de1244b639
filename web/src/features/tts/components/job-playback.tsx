import { ChevronDown, ScrollText } from 'lucide-react';
import { useId, useState } from 'react';
import { JobAudioPlayer } from '@/components/library/audio-controls';
import { SubtitleDownload } from '@/components/timed-text/subtitle-download';
import { Transcript } from '@/components/timed-text/transcript';
import { TranscriptSkeleton } from '@/components/timed-text/transcript-skeleton';
import { useReadAlong } from '@/components/timed-text/use-read-along';
import { Button } from '@/components/ui/button';
import { LoadErrorAlert } from '@/components/ui/load-error-alert';
import { isApiError } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { audioFileName } from '@/lib/filename';
import { truncate } from '@/lib/format';
import { useJobTimestamps } from '../api/get-timestamps';
import type { Job } from '../api/types';

/**
 * Finished, with a file, and not expired: only such an audio has a transcript to follow. A
 * project export has none of its own (its chapters do, on the project page).
 */
function canReadAlong(job: Job, expired: boolean) {
  return job.status === 'completed' && !!job.audio_url && !expired && job.source !== 'export';
}

/**
 * A job's player and, on "Mitlesen", its transcript under it: the highlight follows this
 * row's player, and a sentence starts it from there. The position lives here, not in the
 * row, so playing re-renders only the player and the transcript.
 */
export function JobPlayback({ job, expired }: { job: Job; expired: boolean }) {
  const [open, setOpen] = useState(false);
  const { time, onTimeUpdate, controlRef, playFrom } = useReadAlong();
  const panelId = useId();
  const readable = canReadAlong(job, expired);
  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center gap-2">
        <JobAudioPlayer
          job={job}
          expired={expired}
          testIdPrefix="job"
          className="min-w-64 max-w-2xl flex-1"
          onTimeUpdate={onTimeUpdate}
          controlRef={controlRef}
        />
        {readable && (
          <Button
            variant={open ? 'secondary' : 'outline'}
            size="sm"
            aria-expanded={open}
            aria-controls={panelId}
            onClick={() => setOpen((was) => !was)}
            data-testid="job-read-along"
          >
            <ScrollText aria-hidden="true" />
            Mitlesen
            <ChevronDown aria-hidden="true" className={cn('transition-transform motion-reduce:transition-none', open && 'rotate-180')} />
          </Button>
        )}
      </div>
      {readable && (
        <div id={panelId} hidden={!open} className="max-w-2xl" data-testid="job-transcript-panel">
          {open && <ReadAlongPanel job={job} time={time} onSeek={playFrom} />}
        </div>
      )}
    </div>
  );
}

type ReadAlongPanelProps = { job: Job; time: number; onSeek: (seconds: number) => void };

/** The transcript and the subtitle downloads; the timings are fetched the first time it opens. */
function ReadAlongPanel({ job, time, onSeek }: ReadAlongPanelProps) {
  const query = useJobTimestamps(job.id, true);
  if (query.isPending) return <TranscriptSkeleton />;
  if (query.isError) {
    // Audios made before timings were kept have none: that is no error.
    if (isApiError(query.error) && query.error.status === 404) return <NoTimings />;
    return <LoadErrorAlert title="Transkript konnte nicht geladen werden" error={query.error} onRetry={() => void query.refetch()} />;
  }
  if (query.data.sentences.length === 0) return <NoTimings />;
  return (
    <div className="flex flex-col gap-2">
      <Transcript timedText={query.data} currentTime={time} onSeek={onSeek} label={`Transkript: ${truncate(job.text, 60)}`} />
      <SubtitleDownload url={`/api/jobs/${encodeURIComponent(job.id)}/subtitles`} audioFileName={audioFileName(job.text)} />
    </div>
  );
}

function NoTimings() {
  return (
    <p className="text-sm text-muted-foreground" data-testid="job-no-timings">
      Für dieses Audio gibt es keine Zeitmarken.
    </p>
  );
}
