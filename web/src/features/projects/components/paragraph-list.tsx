import { useRef } from 'react';
import { Button } from '@/components/ui/button';
import { LoadErrorAlert } from '@/components/ui/load-error-alert';
import { Spinner } from '@/components/ui/spinner';
import { formatNumber } from '@/lib/format';
import type { Voice } from '@/lib/voices';
import { chapterParagraphs, useChapterPages } from '../api/get-chapter-pages';
import type { ChapterDetail } from '../api/types';
import { ParagraphAudio } from './paragraph-audio';
import { ParagraphItem } from './paragraph-item';

type ParagraphListProps = { projectId: string; chapter: ChapterDetail; chapterNumber: number; voices: Voice[] };

/**
 * The chapter's paragraphs in order, each with its state, cost, text and voice. A long
 * chapter comes in pages: its first page (`chapter`), then as many further pages as the
 * reader loads with "Weitere Absätze laden", in one list numbered through the chapter.
 */
export function ParagraphList({ projectId, chapter, chapterNumber, voices }: ParagraphListProps) {
  const pages = useChapterPages(projectId, chapter.id, chapter);
  const paragraphs = chapterParagraphs(chapter, pages.data);
  return (
    <section aria-labelledby={`paragraphs-${chapter.id}`} className="flex flex-col gap-3">
      <h3 id={`paragraphs-${chapter.id}`} className="text-sm font-semibold">
        Absätze
      </h3>
      <ParagraphAudio />
      <ol className="flex flex-col gap-2">
        {paragraphs.map(({ paragraph, number }) => (
          <ParagraphItem
            key={paragraph.id}
            projectId={projectId}
            chapterId={chapter.id}
            paragraph={paragraph}
            number={number}
            chapterNumber={chapterNumber}
            voices={voices}
          />
        ))}
      </ol>
      {chapter.next_offset != null && (
        <MoreParagraphs
          shown={paragraphs.length}
          total={chapter.paragraph_count}
          // Before the first further page there is always one more (the first page says so).
          more={pages.data ? pages.hasNextPage : true}
          loading={pages.isFetchingNextPage}
          error={pages.isFetchNextPageError && !pages.isFetchingNextPage ? pages.error : null}
          onLoad={pages.fetchNextPage}
        />
      )}
    </section>
  );
}

type MoreParagraphsProps = {
  shown: number;
  total: number;
  more: boolean;
  loading: boolean;
  error: Error | null;
  /** Loads the next page; resolves with whether more are left and whether it failed. */
  onLoad: () => Promise<{ hasNextPage: boolean; isError: boolean }>;
};

/**
 * Below a long chapter's list: how many of its paragraphs are shown, and "Weitere Absätze
 * laden" while more are left (or why the last page failed, with a retry). Focus stays at
 * this place: when the button goes (all loaded, or failed), the count below the list takes it.
 */
function MoreParagraphs({ shown, total, more, loading, error, onLoad }: MoreParagraphsProps) {
  const footer = useRef<HTMLDivElement>(null);
  const count = useRef<HTMLParagraphElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const load = async () => {
    if (loading) return;
    const active = document.activeElement;
    const fromButton = active === button.current;
    // The error's retry button leaves with the error: the count holds focus meanwhile.
    if (!fromButton && footer.current?.contains(active)) count.current?.focus();
    const result = await onLoad();
    if (fromButton && (!result.hasNextPage || result.isError)) count.current?.focus();
  };
  return (
    <div ref={footer} className="flex flex-col items-center gap-3 pt-1">
      <p ref={count} tabIndex={-1} role="status" className="text-sm text-muted-foreground outline-none" data-testid="paragraphs-shown">
        {more || shown < total
          ? `${formatNumber(shown)} von ${formatNumber(total)} Absätzen angezeigt`
          : `Alle ${formatNumber(total)} Absätze angezeigt`}
      </p>
      {error ? (
        <LoadErrorAlert title="Weitere Absätze konnten nicht geladen werden" error={error} onRetry={() => void load()} className="w-full" />
      ) : (
        more && (
          // Busy, not disabled, while it loads: a disabled button would drop the keyboard focus.
          <Button
            ref={button}
            variant="outline"
            aria-disabled={loading || undefined}
            aria-busy={loading || undefined}
            className="aria-disabled:opacity-50"
            onClick={() => void load()}
            data-testid="paragraphs-load-more"
          >
            {loading && <Spinner className="size-4" label={null} />}
            Weitere Absätze laden
          </Button>
        )
      )}
    </div>
  );
}
