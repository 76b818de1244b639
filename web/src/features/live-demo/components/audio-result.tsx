import { CircleCheck, Download, Pause, Play } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';

export type AudioResultProps = {
  state: 'idle' | 'generating' | 'ready';
  playing: boolean;
  onTogglePlay: () => void;
  onDownload: () => void;
};

/** The result area: a hint, the spinner while generating, or play/pause and download. */
export function AudioResult({ state, playing, onTogglePlay, onDownload }: AudioResultProps) {
  if (state === 'generating') {
    return (
      <div className="flex items-center gap-3 rounded-lg border border-border bg-muted/50 px-4 py-4 text-sm" data-testid="demo-generating">
        <Spinner className="size-5 text-primary" label={null} />
        <span role="status">Audio wird generiert...</span>
      </div>
    );
  }
  if (state === 'idle') {
    return (
      <p className="rounded-lg border border-dashed border-border px-4 py-4 text-sm text-muted-foreground">
        Wählen Sie eine Stimme, geben Sie einen Text ein und klicken Sie auf „Audio generieren“.
      </p>
    );
  }
  return (
    <div
      className="flex flex-col gap-3 rounded-lg border border-success/25 bg-success-soft/60 px-4 py-3 sm:flex-row sm:items-center sm:justify-between"
      data-testid="demo-result"
    >
      <p className="flex items-center gap-2 text-sm font-medium text-success">
        <CircleCheck className="size-4" aria-hidden="true" />
        Ihr Audio ist bereit.
      </p>
      <div className="flex items-center gap-2">
        <Button
          variant={playing ? 'primary' : 'outline'}
          onClick={onTogglePlay}
          aria-pressed={playing}
          data-testid="demo-play"
        >
          {playing ? <Pause aria-hidden="true" /> : <Play aria-hidden="true" />}
          {playing ? 'Pausieren' : 'Abspielen'}
        </Button>
        <Button variant="outline" onClick={onDownload} data-testid="demo-download">
          <Download aria-hidden="true" />
          Herunterladen
        </Button>
      </div>
    </div>
  );
}
