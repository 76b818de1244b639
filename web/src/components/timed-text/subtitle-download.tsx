import { Download } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { api } from '@/lib/api-client';
import { saveBlob, withQueryParam } from '@/lib/download';
import { errorMessage } from '@/lib/errors';
import { subtitleFileName } from '@/lib/filename';
import { cn } from '@/lib/cn';

export type SubtitleFormat = 'srt' | 'vtt';

const FORMATS: { format: SubtitleFormat; label: string }[] = [
  { format: 'srt', label: 'Untertitel (SRT)' },
  { format: 'vtt', label: 'Untertitel (WebVTT)' },
];

/** One toast for a failed download: a second failure replaces it instead of stacking. */
export const SUBTITLE_ERROR_TOAST = 'subtitle-download-error';

/** Fetches `url?format=…` with the session cookie and saves it under the audio's name. */
export async function downloadSubtitles(url: string, audioFileName: string, format: SubtitleFormat): Promise<void> {
  try {
    saveBlob(await api.blob(withQueryParam(url, 'format', format)), subtitleFileName(audioFileName, format));
  } catch (error) {
    toast.error('Download fehlgeschlagen', {
      id: SUBTITLE_ERROR_TOAST,
      description: errorMessage(error, 'Die Untertitel konnten nicht heruntergeladen werden.'),
    });
  }
}

export type SubtitleDownloadProps = {
  /** The subtitles endpoint without `format` (e.g. `/api/jobs/{id}/subtitles`). */
  url: string;
  /** The audio's download name; the subtitles get it with `.srt` or `.vtt`. */
  audioFileName: string;
  className?: string;
};

/** "Untertitel (SRT)" and "Untertitel (WebVTT)": the timed text as a subtitle file. */
export function SubtitleDownload({ url, audioFileName, className }: SubtitleDownloadProps) {
  const [busy, setBusy] = useState<SubtitleFormat | null>(null);
  const download = async (format: SubtitleFormat) => {
    setBusy(format);
    await downloadSubtitles(url, audioFileName, format);
    setBusy(null);
  };
  return (
    <div className={cn('flex flex-wrap items-center gap-1.5', className)}>
      {FORMATS.map(({ format, label }) => (
        <Button
          key={format}
          variant="outline"
          size="sm"
          loading={busy === format}
          disabled={busy !== null && busy !== format}
          onClick={() => void download(format)}
          data-testid={`subtitles-${format}`}
        >
          {busy !== format && <Download aria-hidden="true" />}
          {label}
        </Button>
      ))}
    </div>
  );
}
