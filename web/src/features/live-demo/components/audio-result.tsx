import { CircleCheck, Download } from 'lucide-react';
import { AudioPlayer } from '@/components/ui/audio-player';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';

export type AudioResultProps = {
  state: 'idle' | 'generating' | 'ready';
  /** The generated audio's object URL. */
  src: string | null;
  onDownload: () => void;
};

/**
 * The result area: a hint, the spinner while generating, or the player and the download.
 * The player goes while a new audio is generated, and stops with it.
 */
export function AudioResult({ state, src, onDownload }: AudioResultProps) {
  if (state === 'generating') {
    return (
      <div className="flex items-center gap-3 rounded-lg border border-border bg-muted/50 px-4 py-4 text-sm" data-testid="demo-generating">
        <Spinner className="size-5 text-primary" label={null} />
        <span role="status">Audio wird generiert...</span>
      </div>
    );
  }
  if (state === 'idle' || !src) {
    return (
      <p className="rounded-lg border border-dashed border-border px-4 py-4 text-sm text-muted-foreground">
        Wählen Sie eine Stimme, geben Sie einen Text ein und klicken Sie auf „Audio generieren“.
      </p>
    );
  }
  return (
    <div className="flex flex-col gap-3 rounded-lg border border-success/25 bg-success-soft/60 px-4 py-3" data-testid="demo-result">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="flex items-center gap-2 text-sm font-medium text-success">
          <CircleCheck className="size-4" aria-hidden="true" />
          Ihr Audio ist bereit.
        </p>
        <Button variant="outline" size="sm" onClick={onDownload} data-testid="demo-download">
          <Download aria-hidden="true" />
          Herunterladen
        </Button>
      </div>
      {/* Loaded at once (a local object URL), so its length shows before the first play. */}
      <AudioPlayer src={src} preload="auto" label="Ihr Audio" testIdPrefix="demo" />
    </div>
  );
}
