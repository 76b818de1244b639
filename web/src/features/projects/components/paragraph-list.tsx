import type { Voice } from '@/lib/voices';
import type { ChapterDetail } from '../api/types';
import { ParagraphItem } from './paragraph-item';

type ParagraphListProps = { projectId: string; chapter: ChapterDetail; chapterNumber: number; voices: Voice[] };

/** The chapter's paragraphs in order, each with its state, cost, text and voice. */
export function ParagraphList({ projectId, chapter, chapterNumber, voices }: ParagraphListProps) {
  return (
    <section aria-labelledby={`paragraphs-${chapter.id}`} className="flex flex-col gap-3">
      <h3 id={`paragraphs-${chapter.id}`} className="text-sm font-semibold">
        Absätze
      </h3>
      <ol className="flex flex-col gap-2">
        {chapter.paragraphs.map((paragraph, index) => (
          <ParagraphItem
            key={paragraph.id}
            projectId={projectId}
            chapterId={chapter.id}
            paragraph={paragraph}
            number={index + 1}
            chapterNumber={chapterNumber}
            voices={voices}
          />
        ))}
      </ol>
    </section>
  );
}
