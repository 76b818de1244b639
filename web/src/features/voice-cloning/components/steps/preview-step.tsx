import { useRef } from 'react';
import { Alert } from '@/components/ui/alert';
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
      {/* The person's own reading of a text shown on screen: there is no caption track for it. */}
      {/* eslint-disable-next-line jsx-a11y/media-has-caption */}
      <audio ref={audio} controls className="w-full" aria-label="Ihre Aufnahme" data-testid="preview-audio" data-duration={length ?? undefined} />
    </div>
  );
}
