import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/react-query';
import { projectKeys } from './keys';
import type { ExportFormat, ExportProfile, ExportView, NewExport, ProjectDetail } from './types';

export type CreateExportVariables = {
  projectId: string;
  format: ExportFormat;
  profile: ExportProfile;
  /** Paragraphs changed since their render go into the export as last rendered. */
  useRendered?: boolean;
};

/**
 * `POST /api/projects/{id}/exports` (202): starts an export job in a profile; it is listed
 * in the project's `exports`. An ACX export with a cover ACX would refuse answers 409, and
 * so does a project with paragraphs changed since their render unless `useRendered`.
 */
export function createExport({ projectId, format, profile, useRendered = false }: CreateExportVariables): Promise<ExportView> {
  const body: NewExport = { format, profile, ...(useRendered ? { use_rendered: true } : {}) };
  return api.post<ExportView>(`/api/projects/${encodeURIComponent(projectId)}/exports`, body);
}

export function useCreateExport({ mutationConfig }: { mutationConfig?: MutationConfig<typeof createExport> } = {}) {
  const queryClient = useQueryClient();
  const { onSuccess, ...rest } = mutationConfig ?? {};
  return useMutation({
    ...rest,
    retry: false,
    mutationFn: createExport,
    onSuccess: async (created, variables, ...args) => {
      // Listed at once; a running export makes the project poll until it is done.
      queryClient.setQueryData<ProjectDetail>(projectKeys.detail(variables.projectId), (project) =>
        project && !project.exports.some((e) => e.id === created.id) ? { ...project, exports: [created, ...project.exports] } : project,
      );
      onSuccess?.(created, variables, ...args);
      await queryClient.invalidateQueries({ queryKey: projectKeys.detail(variables.projectId), exact: true });
    },
  });
}
