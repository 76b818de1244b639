import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/react-query';
import { projectKeys } from './keys';
import type { ChapterChange, ChapterDetail } from './types';

export type UpdateChapterVariables = { projectId: string; chapterId: string; change: ChapterChange };

/** `PATCH /api/projects/{id}/chapters/{chapterId}`: title, the chapter's own voice (null = the project's) and the pause after it. */
export function updateChapter({ projectId, chapterId, change }: UpdateChapterVariables): Promise<ChapterDetail> {
  return api.patch<ChapterDetail>(`/api/projects/${encodeURIComponent(projectId)}/chapters/${encodeURIComponent(chapterId)}`, change);
}

export function useUpdateChapter({ mutationConfig }: { mutationConfig?: MutationConfig<typeof updateChapter> } = {}) {
  const queryClient = useQueryClient();
  const { onSuccess, ...rest } = mutationConfig ?? {};
  return useMutation({
    ...rest,
    mutationFn: updateChapter,
    onSuccess: async (chapter, variables, ...args) => {
      queryClient.setQueryData(projectKeys.chapter(variables.projectId, chapter.id), chapter);
      onSuccess?.(chapter, variables, ...args);
      // Its title and state show in the project's chapter list, its cost in the totals.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: projectKeys.detail(variables.projectId), exact: true }),
        queryClient.invalidateQueries({ queryKey: projectKeys.list() }),
      ]);
    },
  });
}
