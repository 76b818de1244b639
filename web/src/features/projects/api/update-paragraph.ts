import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/react-query';
import { projectKeys } from './keys';
import type { ChapterDetail, ParagraphChange, ParagraphView } from './types';

export type UpdateParagraphVariables = { projectId: string; chapterId: string; paragraphId: string; change: ParagraphChange };

/** `PATCH /api/projects/{id}/paragraphs/{paragraphId}`: its text or own voice; either makes it stale. */
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
      // The paragraph shows its new state and cost at once; the chapter's totals follow.
      queryClient.setQueryData<ChapterDetail>(projectKeys.chapter(projectId, chapterId), (chapter) =>
        chapter ? { ...chapter, paragraphs: chapter.paragraphs.map((p) => (p.id === paragraph.id ? paragraph : p)) } : chapter,
      );
      onSuccess?.(paragraph, variables, ...args);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: projectKeys.chapter(projectId, chapterId) }),
        queryClient.invalidateQueries({ queryKey: projectKeys.detail(projectId), exact: true }),
        queryClient.invalidateQueries({ queryKey: projectKeys.list() }),
      ]);
    },
  });
}
