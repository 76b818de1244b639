import { Button } from '@/components/ui/button';
import type { ParagraphView } from '../api/types';
import { useChapterListening, useHeardPart } from './chapter-listen';
import { SoundButton } from './sound-button';

type ParagraphListenProps = { paragraph: Pick<ParagraphView, 'id' | 'audio_url'>; number: number };

/**
 * A rendered paragraph heard on its own (▶, its chosen take), and the chapter's player
 * started where the paragraph begins in the joined audio ("Ab hier").
 */
export function ParagraphListen({ paragraph, number }: ParagraphListenProps) {
  const part = useHeardPart(paragraph.id);
  const { playFromRef } = useChapterListening();
  if (!paragraph.audio_url && !part) return null;
  return (
    <span className="flex items-center gap-0.5">
      {paragraph.audio_url && (
        <SoundButton
          soundKey={paragraph.id}
          url={paragraph.audio_url}
          label={`Absatz ${number} anhören`}
          stopLabel={`Absatz ${number} anhalten`}
          data-testid="paragraph-play"
        />
      )}
      {part && (
        <Button
          variant="ghost"
          size="sm"
          className="h-8 px-2 text-xs"
          onClick={() => playFromRef.current?.(part.start_ms / 1000)}
          aria-label={`Ab hier abspielen: das Kapitel ab Absatz ${number}`}
          title="Das Kapitel ab diesem Absatz abspielen"
          data-testid="paragraph-play-from"
        >
            Ab hier
        </Button>
      )}
    </span>
  );
}
