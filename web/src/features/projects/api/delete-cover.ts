import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/react-query';
import { projectKeys } from './keys';
import type { ProjectPublication } from './types';

/** `DELETE /api/projects/{id}/cover`: exports go without a picture again; answers the publication view. */
export function deleteCover(projectId: string): Promise<ProjectPublication> {
  return api.delete<ProjectPublication>(`/api/projects/${encodeURIComponent(projectId)}/cover`);
}

export function useDeleteCover({ mutationConfig }: { mutationConfig?: MutationConfig<typeof deleteCover> } = {}) {
  const queryClient = useQueryClient();
  const { onSuccess, ...rest } = mutationConfig ?? {};
  return useMutation({
    ...rest,
    mutationFn: deleteCover,
    onSuccess: (publication, projectId, ...args) => {
      queryClient.setQueryData(projectKeys.publication(projectId), publication);
      onSuccess?.(publication, projectId, ...args);
    },
  });
}
