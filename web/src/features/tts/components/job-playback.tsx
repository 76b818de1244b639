import { ChevronDown, ScrollText } from 'lucide-react';
import { useCallback, useId, useRef, useState } from 'react';
import { JobAudioPlayer } from '@/components/library/audio-controls';
import { SubtitleDownload } from '@/components/timed-text/subtitle-download';
import { Transcript } from '@/components/timed-text/transcript';
import type { AudioPlayerControls } from '@/components/ui/audio-player';
import { Button } from '@/components/ui/button';
import { LoadErrorAlert } from '@/components/ui/load-error-alert';
import { Skeleton } from '@/components/ui/skeleton';
import { isApiError } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { audioFileName } from '@/lib/filename';
import { truncate } from '@/lib/format';
import { useJobTimestamps } from '../api/get-timestamps';
import type { Job } from '../api/types';

/** Finished, with a file, and not expired: only such an audio has a transcript to follow. */
function canReadAlong(job: Job, expired: boolean) {
  return job.status === 'completed' && !!job.audio_url && !expired;
}

/**
 * A job's player and, on "Mitlesen", its transcript under it: the highlight follows this
 * row's player, and a sentence starts it from there. The position lives here, not in the
 * row, so playing re-renders only the player and the transcript.
 */
export function JobPlayback({ job, expired }: { job: Job; expired: boolean }) {
  const [open, setOpen] = useState(false);
  const [time, setTime] = useState(0);
  const controls = useRef<AudioPlayerControls>(null);
  const panelId = useId();
  const readable = canReadAlong(job, expired);
  const playFrom = useCallback((seconds: number) => {
    controls.current?.seek(seconds);
    void controls.current?.play();
  }, []);
  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center gap-2">
        <JobAudioPlayer
          job={job}
          expired={expired}
          testIdPrefix="job"
          className="min-w-64 max-w-2xl flex-1"
          onTimeUpdate={setTime}
          controlRef={controls}
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

/** Lines of text about to appear; the region tells screen readers what is loading. */
function TranscriptSkeleton() {
  return (
    <div aria-busy="true" className="flex flex-col gap-2 rounded-lg border border-border bg-card px-3 py-3" data-testid="transcript-loading">
      <span role="status" className="sr-only">
        Transkript wird geladen…
      </span>
      <Skeleton className="h-4 w-full" />
      <Skeleton className="h-4 w-11/12" />
      <Skeleton className="h-4 w-3/5" />
    </div>
  );
}
