import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/react-query';
import { mapChapterPages, type ChapterPages } from './get-chapter-pages';
import { projectKeys } from './keys';
import type { ChapterDetail, ParagraphChange, ParagraphView } from './types';

export type UpdateParagraphVariables = { projectId: string; chapterId: string; paragraphId: string; change: ParagraphChange };

/**
 * `PATCH /api/projects/{id}/paragraphs/{paragraphId}`: its text, own voice or delivery
 * (speed, pitch, pause after it). Text, voice, speed and pitch make it stale; the pause
 * only joins the chapter again.
 */
export function updateParagraph({ projectId, paragraphId, change }: UpdateParagraphVariables): Promise<ParagraphView> {
  return api.patch<ParagraphView>(`/api/projects/${encodeURIComponent(projectId)}/paragraphs/${encodeURIComponent(paragraphId)}`, change);
}

export function useUpdateParagraph({ mutationConfig }: { mutationConfig?: MutationConfig<typeof updateParagraph> } = {}) {
  const queryClient = useQueryClient();
  const { onSuccess, ...rest } = mutationConfig ?? {};
  return useMutation({
    ...rest,
    mutationFn: updateParagraph,
    onSuccess: async (paragraph, variables, ...args) => {
      const { projectId, chapterId } = variables;
      showSavedParagraph(queryClient, projectId, chapterId, paragraph);
      onSuccess?.(paragraph, variables, ...args);
      await Promise.all([
        // Only the first page, for the totals: an edit changes no other paragraph, and
        // reading every loaded page again (up to 50) on each edit would soon meet the
        // server's limit on project reads.
        queryClient.invalidateQueries({ queryKey: projectKeys.chapter(projectId, chapterId), exact: true }),
        queryClient.invalidateQueries({ queryKey: projectKeys.detail(projectId), exact: true }),
        queryClient.invalidateQueries({ queryKey: projectKeys.list() }),
        // Which of its takes would bring another text back.
        queryClient.invalidateQueries({ queryKey: projectKeys.takes(projectId, paragraph.id) }),
      ]);
    },
  });
}

/** The saved paragraph at once, on whichever loaded page it is; the chapter's totals follow from the server. */
export function showSavedParagraph(queryClient: QueryClient, projectId: string, chapterId: string, paragraph: ParagraphView): void {
  const replace = (paragraphs: ParagraphView[]) => paragraphs.map((p) => (p.id === paragraph.id ? paragraph : p));
  queryClient.setQueryData<ChapterDetail>(projectKeys.chapter(projectId, chapterId), (chapter) =>
    chapter ? { ...chapter, paragraphs: replace(chapter.paragraphs) } : chapter,
  );
  queryClient.setQueriesData<ChapterPages>({ queryKey: projectKeys.chapterPages(projectId, chapterId) }, (pages) => mapChapterPages(pages, replace));
}
