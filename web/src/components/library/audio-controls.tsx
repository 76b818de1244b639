import { Download, Pause, Play } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { api } from '@/lib/api-client';
import { saveBlob, withQueryParam } from '@/lib/download';
import { audioFileName } from '@/lib/filename';
import type { LibraryJob } from '@/lib/library';

/** Downloads an audio as `<sanitized text>.mp3`. */
export async function downloadAudio(job: Pick<LibraryJob, 'id' | 'text' | 'audio_url'>): Promise<void> {
  const url = job.audio_url ?? `/api/jobs/${encodeURIComponent(job.id)}/audio`;
  try {
    saveBlob(await api.blob(withQueryParam(url, 'download', '1')), audioFileName(job.text));
  } catch {
    toast.error('Download fehlgeschlagen', { description: 'Die Audio-Datei konnte nicht heruntergeladen werden.' });
  }
}

type AudioControlsProps = {
  job: LibraryJob;
  playing: boolean;
  onTogglePlay: (job: LibraryJob) => void;
  /** The audio is gone; by default the server's `is_expired` says so (a live countdown may know it earlier). */
  expired?: boolean;
  /** Prefix of the buttons' test ids (`<prefix>-play`, `<prefix>-download`). */
  testIdPrefix?: string;
};

/** Play/pause and download of one audio (disabled while it cannot be played). */
export function AudioControls({ job, playing, onTogglePlay, expired = job.is_expired, testIdPrefix = 'audio' }: AudioControlsProps) {
  const ready = job.status === 'completed' && !!job.audio_url && !expired;
  const [downloading, setDownloading] = useState(false);
  const download = async () => {
    setDownloading(true);
    await downloadAudio(job);
    setDownloading(false);
  };
  return (
    <div className="flex shrink-0 items-center gap-1.5">
      <Button
        variant={playing ? 'primary' : 'outline'}
        size="icon"
        disabled={!ready}
        onClick={() => onTogglePlay(job)}
        aria-label={playing ? 'Pausieren' : 'Abspielen'}
        aria-pressed={playing}
        title={playing ? 'Pausieren' : 'Abspielen'}
        data-testid={`${testIdPrefix}-play`}
      >
        {playing ? <Pause aria-hidden="true" /> : <Play aria-hidden="true" />}
      </Button>
      <Button
        variant="outline"
        size="icon"
        disabled={!ready}
        loading={downloading}
        onClick={() => void download()}
        aria-label="Herunterladen"
        title="Herunterladen"
        data-testid={`${testIdPrefix}-download`}
      >
        {!downloading && <Download aria-hidden="true" />}
      </Button>
    </div>
  );
}
