import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { authKeys } from '@/lib/auth';
import type { MutationConfig } from '@/lib/react-query';
import { projectKeys } from './keys';
import type { ProjectList } from './types';

/** `DELETE /api/projects/{id}`: removes the project and its audio for good; unfinished renders are refunded. */
export function deleteProject(projectId: string): Promise<void> {
  return api.delete(`/api/projects/${encodeURIComponent(projectId)}`);
}

export function useDeleteProject({ mutationConfig }: { mutationConfig?: MutationConfig<typeof deleteProject> } = {}) {
  const queryClient = useQueryClient();
  const { onSuccess, ...rest } = mutationConfig ?? {};
  return useMutation({
    ...rest,
    mutationFn: deleteProject,
    onSuccess: async (data, projectId, ...args) => {
      queryClient.setQueryData<ProjectList>(projectKeys.list(), (list) =>
        list ? { projects: list.projects.filter((p) => p.id !== projectId) } : list,
      );
      queryClient.removeQueries({ queryKey: projectKeys.project(projectId) });
      onSuccess?.(data, projectId, ...args);
      // A refund changes the balance.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: projectKeys.list() }),
        queryClient.invalidateQueries({ queryKey: authKeys.me() }),
      ]);
    },
  });
}
