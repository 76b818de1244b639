import { useRef } from 'react';
import { Alert } from '@/components/ui/alert';
import { AudioPlayer } from '@/components/ui/audio-player';
import { formatDuration } from '@/lib/format';
import { useBlobSource } from '../../hooks/use-object-url';
import type { StepProps } from './types';

/** Step 5: listen to the recording before going on. */
export function PreviewStep({ values }: Pick<StepProps, 'values'>) {
  const audio = useRef<HTMLAudioElement>(null);
  // Known once the element has it (a WebM from the recorder needs a moment, see useBlobSource).
  const length = useBlobSource(audio, values.training?.blob ?? null);
  if (!values.training) return <Alert variant="info">Es liegt noch keine Aufnahme vor.</Alert>;
  return (
    <div className="flex flex-col gap-3">
      <p className="text-sm text-muted-foreground">
        Hören Sie Ihre Aufnahme an ({formatDuration(values.training.durationSeconds)}). Wenn Sie nicht zufrieden sind, gehen Sie
        zurück und nehmen Sie neu auf.
      </p>
      {/* A recording's WebM often says "Infinity" as its length until played through: the measured length stands in. */}
      <AudioPlayer
        mediaRef={audio}
        knownDuration={length ?? values.training.durationSeconds}
        preload="metadata"
        label="Ihre Aufnahme"
        testIdPrefix="preview"
      />
    </div>
  );
}
