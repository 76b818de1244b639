import { useState } from 'react';
import { toast } from 'sonner';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { LoadErrorAlert } from '@/components/ui/load-error-alert';
import { LoadingSkeleton } from '@/components/ui/skeleton';
import { toastError } from '@/lib/errors';
import { formatDuration } from '@/lib/format';
import { JOB_STATUS_LABELS, JOB_STATUS_VARIANTS } from '@/lib/job-status';
import { useChooseTake } from '../api/choose-take';
import { useParagraphTakes } from '../api/get-paragraph-takes';
import type { ParagraphView, Take } from '../api/types';
import { SoundButton } from './sound-button';

const takeTime = new Intl.DateTimeFormat('de-DE', { day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit', second: '2-digit' });

/** "28.11.2026, 14:05:09": to the second, since two takes of one paragraph may come within a minute. */
export function formatTakeTime(value: string): string {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? 'Unbekannt' : takeTime.format(date);
}

export const RESTORES_TEXT = 'Diese Fassung stellt ihren Text wieder her.';

type ParagraphTakesProps = { projectId: string; chapterId: string; paragraph: ParagraphView; number: number };

/**
 * "Fassungen": every render of the paragraph (the five newest and the chosen one), each to
 * be heard, and any finished one to be chosen instead, free of charge. Shown once the
 * paragraph was rendered.
 */
export function ParagraphTakes({ projectId, chapterId, paragraph, number }: ParagraphTakesProps) {
  const [open, setOpen] = useState(false);
  const rendered = paragraph.audio_url != null || paragraph.changed || paragraph.state !== 'stale';
  if (!rendered) return null;
  return (
    <>
      <Button
        variant="ghost"
        size="sm"
        className="h-8 px-2 text-xs"
        onClick={() => setOpen(true)}
        aria-label={`Fassungen von Absatz ${number}`}
        aria-haspopup="dialog"
        data-testid="paragraph-takes"
      >
        Fassungen
      </Button>
      {/* Mounted only while open: a chapter lists thousands of paragraphs. */}
      {open && (
        <Dialog
          open
          onOpenChange={setOpen}
          title={`Fassungen von Absatz ${number}`}
          description="Jede Vertonung wird aufbewahrt (die fünf neuesten und die gewählte). Eine andere Fassung zu verwenden kostet nichts; das Kapitel wird mit ihr neu zusammengefügt."
          className="max-w-lg"
        >
          <TakeList projectId={projectId} chapterId={chapterId} paragraphId={paragraph.id} />
        </Dialog>
      )}
    </>
  );
}

function TakeList({ projectId, chapterId, paragraphId }: { projectId: string; chapterId: string; paragraphId: string }) {
  const query = useParagraphTakes(projectId, paragraphId, true);
  const choose = useChooseTake({
    mutationConfig: {
      onSuccess: () => toast.success('Fassung gewählt', { id: 'take-choose', description: 'Das Kapitel wird mit ihr neu zusammengefügt.' }),
      onError: (error) => toastError(error, 'Fassung konnte nicht gewählt werden', 'take-choose'),
    },
  });
  if (query.isPending) return <LoadingSkeleton label="Fassungen werden geladen…" rows={2} />;
  if (query.isError) return <LoadErrorAlert title="Fassungen konnten nicht geladen werden" error={query.error} onRetry={() => void query.refetch()} />;
  const { takes } = query.data;
  if (takes.length === 0) return <p className="text-sm text-muted-foreground">Noch keine Fassungen.</p>;
  return (
    <ul className="flex max-h-[60vh] flex-col gap-2 overflow-y-auto" aria-label="Fassungen" data-testid="take-list">
      {takes.map((take) => (
        <TakeRow
          key={take.id}
          take={take}
          choosing={choose.isPending && choose.variables?.takeId === take.id}
          disabled={choose.isPending}
          onChoose={() => choose.mutate({ projectId, chapterId, paragraphId, takeId: take.id })}
        />
      ))}
    </ul>
  );
}

type TakeRowProps = { take: Take; choosing: boolean; disabled: boolean; onChoose: () => void };

function TakeRow({ take, choosing, disabled, onChoose }: TakeRowProps) {
  const time = formatTakeTime(take.created_at);
  const noteId = `take-note-${take.id}`;
  return (
    <li className="flex flex-col gap-2 rounded-lg border border-border p-3 text-sm" data-testid="take" data-take-id={take.id} data-chosen={take.chosen} data-status={take.status}>
      <div className="flex flex-wrap items-center gap-2">
        {take.audio_url && <SoundButton soundKey={take.id} url={take.audio_url} label={`Fassung vom ${time} anhören`} stopLabel={`Fassung vom ${time} anhalten`} data-testid="take-play" />}
        <span className="flex min-w-0 flex-col">
          <span className="font-medium tabular-nums">{time}</span>
          <span className="text-xs text-muted-foreground">{formatDuration(take.duration_seconds)}</span>
        </span>
        <span className="ml-auto flex items-center gap-2">
          {take.status !== 'completed' && <Badge variant={JOB_STATUS_VARIANTS[take.status]}>{JOB_STATUS_LABELS[take.status]}</Badge>}
          {take.chosen ? (
            <Badge variant="success" data-testid="take-chosen">
              Gewählt
            </Badge>
          ) : (
            take.status === 'completed' && (
              <Button
                variant="outline"
                size="sm"
                loading={choosing}
                disabled={disabled}
                onClick={onChoose}
                aria-label={`Diese Fassung verwenden: ${time}`}
                aria-describedby={take.other_text ? noteId : undefined}
                data-testid="take-choose"
              >
                Diese Fassung verwenden
              </Button>
            )
          )}
        </span>
      </div>
      {take.other_text && (
        <div className="flex flex-col gap-1 text-xs text-muted-foreground">
          <p className="whitespace-pre-wrap break-words">„{take.text}“</p>
          {!take.chosen && (
            <p id={noteId} className="font-medium text-warning" data-testid="take-restores-text">
              {RESTORES_TEXT}
            </p>
          )}
        </div>
      )}
    </li>
  );
}
