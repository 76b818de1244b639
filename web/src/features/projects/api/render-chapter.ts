import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { authKeys, setSessionBalance } from '@/lib/auth';
import type { MutationConfig } from '@/lib/react-query';
import { projectKeys } from './keys';
import type { RenderAnswer } from './types';

export type RenderChapterVariables = { projectId: string; chapterId: string };

/**
 * `POST /api/projects/{id}/chapters/{chapterId}/render` (202): renders the chapter's stale
 * paragraphs and charges only those (0 when nothing is stale); 402 when the balance is short.
 */
export function renderChapter({ projectId, chapterId }: RenderChapterVariables): Promise<RenderAnswer> {
  return api.post<RenderAnswer>(`/api/projects/${encodeURIComponent(projectId)}/chapters/${encodeURIComponent(chapterId)}/render`);
}

export function useRenderChapter({ mutationConfig }: { mutationConfig?: MutationConfig<typeof renderChapter> } = {}) {
  const queryClient = useQueryClient();
  const { onSuccess, ...rest } = mutationConfig ?? {};
  return useMutation({
    ...rest,
    // It charges: a lost answer is not sent again on its own (the chapter shows what happened).
    retry: false,
    mutationFn: renderChapter,
    onSuccess: async (answer, variables, ...args) => {
      // The answer's chapter is rendering: setting it starts the chapter's polling.
      queryClient.setQueryData(projectKeys.chapter(variables.projectId, answer.chapter.id), answer.chapter);
      setSessionBalance(queryClient, answer.balance_cent);
      onSuccess?.(answer, variables, ...args);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: projectKeys.detail(variables.projectId), exact: true }),
        queryClient.invalidateQueries({ queryKey: projectKeys.list() }),
        queryClient.invalidateQueries({ queryKey: authKeys.me() }),
      ]);
    },
  });
}
