import { Download, Pause, Play } from 'lucide-react';
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

/** Play/pause and download of one audio (disabled while it cannot be played). */
export function AudioControls({ job, playing, onTogglePlay }: { job: LibraryJob; playing: boolean; onTogglePlay: (job: LibraryJob) => void }) {
  const ready = job.status === 'completed' && !!job.audio_url && !job.is_expired;
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
        data-testid="audio-play"
      >
        {playing ? <Pause aria-hidden="true" /> : <Play aria-hidden="true" />}
      </Button>
      <Button
        variant="outline"
        size="icon"
        disabled={!ready}
        onClick={() => void downloadAudio(job)}
        aria-label="Herunterladen"
        title="Herunterladen"
        data-testid="audio-download"
      >
        <Download aria-hidden="true" />
      </Button>
    </div>
  );
}
