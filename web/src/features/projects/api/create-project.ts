import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/react-query';
import { projectKeys } from './keys';
import type { CreateProjectBody, ProjectDetail } from './types';

/** `POST /api/projects`: a project from a pasted manuscript (422 with German field errors). */
export function createProject(body: CreateProjectBody): Promise<ProjectDetail> {
  return api.post<ProjectDetail>('/api/projects', body);
}

/** The new project is put into the cache, so its editor opens without a second request. */
export function useCreateProject({ mutationConfig }: { mutationConfig?: MutationConfig<typeof createProject> } = {}) {
  const queryClient = useQueryClient();
  const { onSuccess, ...rest } = mutationConfig ?? {};
  return useMutation({
    ...rest,
    // Creating twice would give two projects: never repeated automatically.
    retry: false,
    mutationFn: createProject,
    onSuccess: async (project, ...args) => {
      queryClient.setQueryData(projectKeys.detail(project.id), project);
      onSuccess?.(project, ...args);
      await queryClient.invalidateQueries({ queryKey: projectKeys.list() });
    },
  });
}
