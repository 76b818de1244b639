import { useId } from 'react';
import { toast } from 'sonner';
import { Card, CardContent } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { LoadErrorAlert } from '@/components/ui/load-error-alert';
import { LoadingSkeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { toastError } from '@/lib/errors';
import { formatEuroFromCents } from '@/lib/format';
import type { Voice } from '@/lib/voices';
import { useChapter } from '../api/get-chapter';
import { useUpdateChapter } from '../api/update-chapter';
import type { ChapterDetail, ChapterSummary } from '../api/types';
import { ChapterListen } from './chapter-listen';
import { ChapterPauseField } from './chapter-pause-field';
import { ChapterPlayer } from './chapter-player';
import { EditableTitle } from './editable-title';
import { MergeChapter } from './merge-chapter';
import { ParagraphList } from './paragraph-list';
import { RenderChapter } from './render-chapter';
import { StateBadge } from './state-badge';
import { VoiceSelect } from './voice-select';

/** "Kapitel: 12,34 € · jetzt zu vertonen: 1,20 €" */
export function chapterCosts(chapter: Pick<ChapterDetail, 'cost_cent' | 'stale_cost_cent'>): string {
  return `Kapitel: ${formatEuroFromCents(chapter.cost_cent)} · jetzt zu vertonen: ${formatEuroFromCents(chapter.stale_cost_cent)}`;
}

type ChapterPanelProps = {
  projectId: string;
  chapterId: string;
  /** Its place in the project, counted from 1. */
  number: number;
  /** The chapter before it, into which it can be merged; null for the first. */
  previous: ChapterSummary | null;
  voices: Voice[];
};

/** The open chapter: its head (title, voice, cost, "Kapitel vertonen", pause after it), its audio once joined, its paragraphs. */
export function ChapterPanel({ projectId, chapterId, number, previous, voices }: ChapterPanelProps) {
  const query = useChapter(projectId, chapterId);
  if (query.isPending) return <LoadingSkeleton label="Kapitel wird geladen…" rows={4} />;
  if (query.isError) return <LoadErrorAlert title="Kapitel konnte nicht geladen werden" error={query.error} onRetry={() => void query.refetch()} />;
  const chapter = query.data;
  return (
    <Card data-testid="chapter-panel" data-chapter-id={chapter.id} data-state={chapter.state}>
      <CardContent className="flex flex-col gap-6 pt-5 sm:pt-6">
        <ChapterHead projectId={projectId} chapter={chapter} previous={previous} voices={voices} />
        {/* The last joined audio plays on while paragraphs change or render again. */}
        <ChapterListen projectId={projectId} chapter={chapter}>
          {chapter.audio ? <ChapterPlayer projectId={projectId} chapter={chapter} audio={chapter.audio} /> : chapter.state === 'done' && <JoiningNotice />}
          <ParagraphList projectId={projectId} chapter={chapter} chapterNumber={number} voices={voices} />
        </ChapterListen>
      </CardContent>
    </Card>
  );
}

type ChapterHeadProps = { projectId: string; chapter: ChapterDetail; previous: ChapterSummary | null; voices: Voice[] };

function ChapterHead({ projectId, chapter, previous, voices }: ChapterHeadProps) {
  const voiceId = useId();
  const update = useUpdateChapter({
    mutationConfig: {
      onSuccess: (_saved, { change }) => {
        if (change.voice_id !== undefined) toast.success('Stimme des Kapitels geändert', { id: 'chapter-update', description: 'Betroffene Absätze sind jetzt neu zu vertonen.' });
      },
      onError: (error) => toastError(error, 'Kapitel konnte nicht gespeichert werden', 'chapter-update'),
    },
  });
  const change = (next: { title?: string; voice_id?: string | null }) => update.mutate({ projectId, chapterId: chapter.id, change: next });
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center gap-2">
        <EditableTitle
          value={chapter.title}
          level={2}
          what="Kapiteltitel"
          onSave={(title) => change({ title })}
          saving={update.isPending && update.variables?.change.title !== undefined}
          testId="chapter-title"
        />
        <StateBadge state={chapter.state} of="chapter" />
        {previous && (
          <span className="ml-auto">
            <MergeChapter projectId={projectId} chapter={chapter} previous={previous} />
          </span>
        )}
      </div>
      {/* Voice and "Kapitel vertonen" side by side where they fit, else the button wraps below. */}
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div className="flex w-full min-w-0 flex-col gap-2 sm:w-72">
          <Label htmlFor={voiceId}>Stimme dieses Kapitels</Label>
          <VoiceSelect
            id={voiceId}
            voices={voices}
            value={chapter.voice_id ?? null}
            onChange={(voice_id) => change({ voice_id })}
            inheritLabel="Stimme des Projekts"
            data-testid="chapter-voice"
          />
        </div>
        <RenderChapter projectId={projectId} chapter={chapter} />
      </div>
      <p className="text-sm text-muted-foreground" data-testid="chapter-costs">
        {chapterCosts(chapter)}
      </p>
      <ChapterPauseField projectId={projectId} chapter={chapter} />
    </div>
  );
}

/** All paragraphs are done; the server is joining them into the chapter audio (the chapter polls meanwhile). */
function JoiningNotice() {
  return (
    <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground" data-testid="chapter-joining">
      <Spinner className="size-4" label={null} />
      Alle Absätze sind fertig. Das Kapitelaudio wird zusammengefügt …
    </p>
  );
}
