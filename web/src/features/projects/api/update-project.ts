import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/react-query';
import { projectKeys } from './keys';
import type { ProjectChange, ProjectDetail } from './types';

export type UpdateProjectVariables = { projectId: string; change: ProjectChange };

/** `PATCH /api/projects/{id}`: title and project voice. */
export function updateProject({ projectId, change }: UpdateProjectVariables): Promise<ProjectDetail> {
  return api.patch<ProjectDetail>(`/api/projects/${encodeURIComponent(projectId)}`, change);
}

export function useUpdateProject({ mutationConfig }: { mutationConfig?: MutationConfig<typeof updateProject> } = {}) {
  const queryClient = useQueryClient();
  const { onSuccess, ...rest } = mutationConfig ?? {};
  return useMutation({
    ...rest,
    mutationFn: updateProject,
    onSuccess: async (project, variables, ...args) => {
      queryClient.setQueryData(projectKeys.detail(project.id), project);
      onSuccess?.(project, variables, ...args);
      // A new project voice makes every paragraph that follows it stale: the open chapter
      // is asked again too (everything under the project's key).
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: projectKeys.project(project.id) }),
        queryClient.invalidateQueries({ queryKey: projectKeys.list() }),
      ]);
    },
  });
}
