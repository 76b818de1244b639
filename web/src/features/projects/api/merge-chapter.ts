import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/react-query';
import { projectKeys } from './keys';
import type { ChaptersChanged } from './types';

export type MergeChapterVariables = { projectId: string; chapterId: string };

/**
 * `POST /api/projects/{id}/chapters/{chapterId}/merge`: the chapter's paragraphs are appended
 * to the chapter before it (the undo of a split), and the chapter is gone.
 */
export function mergeChapter({ projectId, chapterId }: MergeChapterVariables): Promise<ChaptersChanged> {
  return api.post<ChaptersChanged>(`/api/projects/${encodeURIComponent(projectId)}/chapters/${encodeURIComponent(chapterId)}/merge`);
}

export function useMergeChapter({ mutationConfig }: { mutationConfig?: MutationConfig<typeof mergeChapter> } = {}) {
  const queryClient = useQueryClient();
  const { onSuccess, ...rest } = mutationConfig ?? {};
  return useMutation({
    ...rest,
    retry: false,
    mutationFn: mergeChapter,
    onSuccess: async (answer, variables, ...args) => {
      const { projectId, chapterId } = variables;
      // The caller's first: it opens the chapter merged into. The router does that in a
      // transition, so the answer's chapter list is not set here: the editor would render it
      // before the new address and, finding the open chapter gone, fall back to the first
      // one for a moment. The list is read again instead, which lands after the navigation.
      onSuccess?.(answer, variables, ...args);
      // The merged chapter is gone: asking for it again would only answer 404.
      queryClient.removeQueries({ queryKey: projectKeys.chapter(projectId, chapterId) });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: projectKeys.project(projectId) }),
        queryClient.invalidateQueries({ queryKey: projectKeys.list() }),
      ]);
    },
  });
}
