import { Dialog as DialogPrimitive } from 'radix-ui';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { formatNumber } from '@/lib/format';
import type { ChapterSummary } from '../api/types';
import { staleParagraphsText } from '../utils/project-rules';

type ExportStaleDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The project's paragraphs changed since their render. */
  count: number;
  chapters: ChapterSummary[];
  pending: boolean;
  /** "Zuletzt vertonte Fassung exportieren" */
  onUseRendered: () => void;
  /** "Erst neu vertonen": closes and opens the first chapter with changed paragraphs. */
  onRenderFirst: () => void;
};

/**
 * Asked before an export while paragraphs changed since their render: export what was
 * last rendered, or render them first (the dialog closes on the first chapter concerned,
 * whose "Kapitel vertonen" renders it).
 */
export function ExportStaleDialog({ open, onOpenChange, count, chapters, pending, onUseRendered, onRenderFirst }: ExportStaleDialogProps) {
  const concerned = chapters.filter((c) => c.stale_paragraphs > 0);
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Geänderte Absätze exportieren?"
      description={
        <>
          <span className="block font-medium text-foreground" data-testid="export-stale-count">
            {staleParagraphsText(count)}
          </span>
          <span className="mt-1 block">Exportiert wird sonst die zuletzt vertonte Fassung dieser Absätze.</span>
        </>
      }
      footer={
        <>
          <DialogPrimitive.Close asChild>
            <Button variant="outline" onClick={onRenderFirst} data-testid="export-stale-render">
              Erst neu vertonen
            </Button>
          </DialogPrimitive.Close>
          <Button loading={pending} onClick={onUseRendered} data-testid="export-stale-confirm">
            Zuletzt vertonte Fassung exportieren
          </Button>
        </>
      }
    >
      {concerned.length > 0 && (
        <ul className="flex flex-col gap-1 text-sm" aria-label="Betroffene Kapitel">
          {concerned.map((c) => (
            <li key={c.id}>
              {c.position + 1}. {c.title}: {formatNumber(c.stale_paragraphs)} {c.stale_paragraphs === 1 ? 'Absatz' : 'Absätze'}
            </li>
          ))}
        </ul>
      )}
    </Dialog>
  );
}
