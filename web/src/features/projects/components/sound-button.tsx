import { Pause, Play } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { toggleParagraphAudio, useParagraphSound } from '../hooks/use-paragraph-audio';

type SoundButtonProps = {
  /** Which sound this is (a paragraph's id, a take's id). */
  soundKey: string;
  url: string;
  /** "Absatz 3 anhören"; while it plays the button says `stopLabel`. */
  label: string;
  stopLabel: string;
  disabled?: boolean;
  'data-testid'?: string;
};

/** ▶ for one paragraph or take heard on its own; pressed again (or another started) it stops. */
export function SoundButton({ soundKey, url, label, stopLabel, disabled, ...rest }: SoundButtonProps) {
  const phase = useParagraphSound(soundKey);
  const name = phase ? stopLabel : label;
  return (
    <Button
      variant={phase === 'playing' ? 'primary' : 'ghost'}
      size="icon"
      onClick={() => void toggleParagraphAudio(soundKey, url)}
      disabled={disabled}
      aria-label={name}
      title={name}
      aria-busy={phase === 'loading' || undefined}
      data-state={phase ?? 'idle'}
      data-testid={rest['data-testid']}
    >
      {phase === 'loading' ? <Spinner className="size-4" label={null} /> : phase === 'playing' ? <Pause aria-hidden="true" /> : <Play aria-hidden="true" />}
    </Button>
  );
}
