import { Download } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { AudioPlayer, type AudioPlayerProps } from '@/components/ui/audio-player';
import { Button } from '@/components/ui/button';
import { api } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { saveBlob, withQueryParam } from '@/lib/download';
import { audioFileName } from '@/lib/filename';
import { truncate } from '@/lib/format';
import { isPlayableFormat, type LibraryJob } from '@/lib/library';

/** Downloads an audio as `<sanitized text>.mp3` (an export with its format's extension). */
export async function downloadAudio(job: Pick<LibraryJob, 'id' | 'text' | 'audio_url' | 'file_format'>): Promise<void> {
  const url = job.audio_url ?? `/api/jobs/${encodeURIComponent(job.id)}/audio`;
  try {
    saveBlob(await api.blob(withQueryParam(url, 'download', '1')), audioFileName(job.text, job.file_format));
  } catch {
    toast.error('Download fehlgeschlagen', { description: 'Die Audio-Datei konnte nicht heruntergeladen werden.' });
  }
}

type AudioControlProps = {
  job: LibraryJob;
  /** The audio is gone; by default the server's `is_expired` says so (a live countdown may know it earlier). */
  expired?: boolean;
  /** Prefix of the test ids (`<prefix>-play`, `<prefix>-audio`, `<prefix>-download`, …). */
  testIdPrefix?: string;
  className?: string;
};

/** Finished, with a file, and not expired: only then can an audio be played or downloaded. */
function isReady(job: LibraryJob, expired: boolean) {
  return job.status === 'completed' && !!job.audio_url && !expired;
}

/**
 * The player of one generated audio; its length (from the server) shows before it is loaded.
 * A ZIP (the chapters of a project export) has no player, only its download.
 */
export function JobAudioPlayer({
  job,
  expired = job.is_expired,
  testIdPrefix = 'audio',
  className,
  onTimeUpdate,
  controlRef,
}: AudioControlProps & Pick<AudioPlayerProps, 'onTimeUpdate' | 'controlRef'>) {
  const ready = isReady(job, expired);
  if (!isPlayableFormat(job)) {
    return (
      <p className={cn('text-xs text-muted-foreground', className)} data-testid={`${testIdPrefix}-archive`}>
        Ein ZIP mit den Kapiteln als MP3: zum Herunterladen, nicht zum Abspielen.
      </p>
    );
  }
  return (
    <AudioPlayer
      src={ready ? job.audio_url : null}
      knownDuration={job.duration_seconds}
      disabled={!ready}
      label={`Audio: ${truncate(job.text, 60)}`}
      testIdPrefix={testIdPrefix}
      className={className}
      onTimeUpdate={onTimeUpdate}
      controlRef={controlRef}
    />
  );
}

/** Downloads one audio (disabled while it cannot be played). */
export function DownloadAudioButton({ job, expired = job.is_expired, testIdPrefix = 'audio', className }: AudioControlProps) {
  const [downloading, setDownloading] = useState(false);
  const download = async () => {
    setDownloading(true);
    await downloadAudio(job);
    setDownloading(false);
  };
  return (
    <Button
      variant="outline"
      size="icon"
      className={className}
      disabled={!isReady(job, expired)}
      loading={downloading}
      onClick={() => void download()}
      aria-label="Herunterladen"
      title="Herunterladen"
      data-testid={`${testIdPrefix}-download`}
    >
      {!downloading && <Download aria-hidden="true" />}
    </Button>
  );
}
