import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/react-query';
import { projectKeys } from './keys';
import type { ParagraphView } from './types';
import { showSavedParagraph } from './update-paragraph';

export type ChooseTakeVariables = { projectId: string; chapterId: string; paragraphId: string; takeId: string };

/**
 * `POST /api/projects/{id}/paragraphs/{paragraphId}/takes/{takeId}/choose`: the paragraph
 * uses that take from now on, free of charge, with the take's text; the server joins the
 * chapter again. 409 for a take that is not finished.
 */
export function chooseTake({ projectId, paragraphId, takeId }: ChooseTakeVariables): Promise<ParagraphView> {
  const path = `/api/projects/${encodeURIComponent(projectId)}/paragraphs/${encodeURIComponent(paragraphId)}/takes/${encodeURIComponent(takeId)}/choose`;
  return api.post<ParagraphView>(path, {});
}

export function useChooseTake({ mutationConfig }: { mutationConfig?: MutationConfig<typeof chooseTake> } = {}) {
  const queryClient = useQueryClient();
  const { onSuccess, ...rest } = mutationConfig ?? {};
  return useMutation({
    ...rest,
    mutationFn: chooseTake,
    onSuccess: async (paragraph, variables, ...args) => {
      const { projectId, chapterId, paragraphId } = variables;
      showSavedParagraph(queryClient, projectId, chapterId, paragraph);
      onSuccess?.(paragraph, variables, ...args);
      // The chapter is joined again (its audio not current meanwhile, so it polls until the
      // new join is there); the project's totals and export buttons follow.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: projectKeys.takes(projectId, paragraphId) }),
        queryClient.invalidateQueries({ queryKey: projectKeys.chapter(projectId, chapterId), exact: true }),
        queryClient.invalidateQueries({ queryKey: projectKeys.detail(projectId), exact: true }),
        queryClient.invalidateQueries({ queryKey: projectKeys.list() }),
      ]);
    },
  });
}
