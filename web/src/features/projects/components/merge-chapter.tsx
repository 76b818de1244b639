import { Merge } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/dialog';
import { projectPath } from '@/config/paths';
import { toastError } from '@/lib/errors';
import { useMergeChapter } from '../api/merge-chapter';
import type { ChapterSummary } from '../api/types';

type MergeChapterProps = {
  projectId: string;
  chapter: Pick<ChapterSummary, 'id' | 'title' | 'paragraph_count'>;
  previous: Pick<ChapterSummary, 'id' | 'title'>;
};

/** "Die 3 Absätze von „B“ werden an „A“ angehängt." */
export function mergeDescription(chapter: MergeChapterProps['chapter'], previous: MergeChapterProps['previous']): string {
  const paragraphs = chapter.paragraph_count === 1 ? 'Der Absatz' : `Die ${chapter.paragraph_count} Absätze`;
  const verb = chapter.paragraph_count === 1 ? 'wird' : 'werden';
  return `${paragraphs} von „${chapter.title}“ ${verb} an „${previous.title}“ angehängt; das Kapitel „${chapter.title}“ entfällt.`;
}

/**
 * "Mit vorigem Kapitel zusammenführen" (the undo of a split), after a confirmation: the
 * chapter's paragraphs are appended to the one before, which opens afterwards.
 */
export function MergeChapter({ projectId, chapter, previous }: MergeChapterProps) {
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState(false);
  const merge = useMergeChapter({
    mutationConfig: {
      onSuccess: (answer) => {
        setConfirming(false);
        toast.success('Kapitel zusammengeführt', { id: 'chapter-merge', description: 'Bereits vertonte Absätze wurden nicht neu berechnet.' });
        void navigate(projectPath(projectId, answer.chapter_id));
      },
      onError: (error) => {
        setConfirming(false);
        toastError(error, 'Kapitel konnten nicht zusammengeführt werden', 'chapter-merge');
      },
    },
  });
  return (
    <>
      <Button variant="outline" size="sm" onClick={() => setConfirming(true)} data-testid="chapter-merge">
        <Merge aria-hidden="true" />
        Mit vorigem Kapitel zusammenführen
      </Button>
      <ConfirmDialog
        open={confirming}
        onOpenChange={(open) => !merge.isPending && setConfirming(open)}
        title="Kapitel zusammenführen?"
        description={
          <>
            <span className="block">{mergeDescription(chapter, previous)}</span>
            <span className="mt-1 block">Bereits vertonte Absätze bleiben vertont und werden nicht noch einmal berechnet.</span>
          </>
        }
        confirmLabel="Zusammenführen"
        loading={merge.isPending}
        onConfirm={() => merge.mutate({ projectId, chapterId: chapter.id })}
        confirmTestId="chapter-merge-confirm"
      />
    </>
  );
}
