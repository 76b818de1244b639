import { Users } from 'lucide-react';
import { useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import type { ParagraphView } from '../api/types';
import { CastingForm } from './casting-form';

type ParagraphCastingProps = { projectId: string; chapterId: string; paragraph: ParagraphView; number: number; disabled: boolean };

/** "2 Rollen": how many characters speak in the paragraph (its other quotations are the narrator's). */
export function castSummary(casting: (string | null)[]): string | null {
  const speakers = new Set(casting.filter((id): id is string => id != null)).size;
  if (speakers === 0) return null;
  return speakers === 1 ? '1 Rolle' : `${speakers} Rollen`;
}

/**
 * "Rollen" at a paragraph with quotations: who speaks each of them (a character of the
 * project, or the narrator). Nothing shows for a paragraph without quotations.
 */
export function ParagraphCasting({ projectId, chapterId, paragraph, number, disabled }: ParagraphCastingProps) {
  const [open, setOpen] = useState(false);
  if (paragraph.quotations.length === 0) return null;
  const summary = castSummary(paragraph.casting);
  const cast = paragraph.casting.filter((id) => id != null).length;
  return (
    <>
      {summary && (
        <Badge variant="primary" title={`${cast} von ${paragraph.quotations.length} Zitaten mit Rolle`} data-testid="paragraph-cast">
          <Users aria-hidden="true" />
          {summary}
        </Badge>
      )}
      <Button
        variant="ghost"
        size="sm"
        className="h-8 px-2 text-xs"
        onClick={() => setOpen(true)}
        disabled={disabled}
        aria-label={`Rollen in Absatz ${number}`}
        aria-haspopup="dialog"
        data-testid="paragraph-casting"
      >
        Rollen
      </Button>
      {/* Mounted only while open: a chapter lists thousands of paragraphs. */}
      {open && (
        <Dialog open onOpenChange={setOpen} title={`Rollen in Absatz ${number}`} description="Wer spricht welches Zitat? Ohne Rolle liest es der Erzähler." className="max-w-lg">
          <CastingForm projectId={projectId} chapterId={chapterId} paragraph={paragraph} onDone={() => setOpen(false)} />
        </Dialog>
      )}
    </>
  );
}
