import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/react-query';
import { projectKeys } from './keys';
import type { ChaptersChanged } from './types';

export type SplitChapterVariables = { projectId: string; paragraphId: string; title: string };

/**
 * `POST /api/projects/{id}/paragraphs/{paragraphId}/split`: the paragraph and those after it
 * become a new chapter right after (201); rendered paragraphs stay rendered. A paragraph that
 * already begins a chapter changes nothing (200).
 */
export function splitChapter({ projectId, paragraphId, title }: SplitChapterVariables): Promise<ChaptersChanged> {
  return api.post<ChaptersChanged>(`/api/projects/${encodeURIComponent(projectId)}/paragraphs/${encodeURIComponent(paragraphId)}/split`, {
    title,
  });
}

export function useSplitChapter({ mutationConfig }: { mutationConfig?: MutationConfig<typeof splitChapter> } = {}) {
  const queryClient = useQueryClient();
  const { onSuccess, ...rest } = mutationConfig ?? {};
  return useMutation({
    ...rest,
    // It changes the chapters' shape: a lost answer is not sent again on its own.
    retry: false,
    mutationFn: splitChapter,
    onSuccess: async (answer, variables, ...args) => {
      queryClient.setQueryData(projectKeys.detail(variables.projectId), answer.project);
      onSuccess?.(answer, variables, ...args);
      // Paragraphs left the split chapter: it and the project are read again.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: projectKeys.project(variables.projectId) }),
        queryClient.invalidateQueries({ queryKey: projectKeys.list() }),
      ]);
    },
  });
}
