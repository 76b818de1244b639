import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import type { Voice } from '@/lib/voices';
import type { ParagraphView } from '../api/types';
import { formatSpeed, formatPitch } from '../utils/delivery';
import { formatPause } from '../utils/pause';
import { DeliveryForm } from './delivery-form';

type ParagraphDeliveryProps = {
  projectId: string;
  chapterId: string;
  paragraph: ParagraphView;
  number: number;
  voices: Voice[];
  disabled: boolean;
};

/** "Tempo 1,1× · Pause danach 1,5 s": the paragraph's own delivery, where it sets one. */
function deliverySummary(delivery: ParagraphView['delivery'] | undefined): string | null {
  const parts = [
    delivery?.speed != null ? `Tempo ${formatSpeed(delivery.speed)}` : null,
    delivery?.pitch != null ? `Tonhöhe ${formatPitch(delivery.pitch)}` : null,
    delivery?.pause_after_ms != null ? `Pause danach: ${formatPause(delivery.pause_after_ms)}` : null,
  ].filter(Boolean);
  return parts.length > 0 ? parts.join(' · ') : null;
}

/**
 * "Vortrag": how the paragraph is delivered besides its text and voice: the pause after it
 * (any voice; saving it only joins the chapter again, nothing is charged), and its tempo
 * and pitch where the voice's engine can change them (these make it stale).
 */
export function ParagraphDelivery({ projectId, chapterId, paragraph, number, voices, disabled }: ParagraphDeliveryProps) {
  const [open, setOpen] = useState(false);
  const summary = deliverySummary(paragraph.delivery);
  return (
    <>
      {summary && (
        <span className="whitespace-nowrap text-xs text-muted-foreground" data-testid="paragraph-pause">
          {summary}
        </span>
      )}
      <Button
        variant="ghost"
        size="sm"
        className="h-8 px-2 text-xs"
        onClick={() => setOpen(true)}
        disabled={disabled}
        aria-label={`Vortrag von Absatz ${number}`}
        aria-haspopup="dialog"
        data-testid="paragraph-delivery"
      >
        Vortrag
      </Button>
      {/* Mounted only while open: a chapter lists thousands of paragraphs. */}
      {open && (
        <Dialog open onOpenChange={setOpen} title={`Vortrag von Absatz ${number}`} description="Wie dieser Absatz gesprochen wird und welche Pause ihm im Kapitel folgt.">
          <DeliveryForm projectId={projectId} chapterId={chapterId} paragraph={paragraph} voices={voices} onDone={() => setOpen(false)} />
        </Dialog>
      )}
    </>
  );
}
