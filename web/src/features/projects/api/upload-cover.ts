import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/react-query';
import { projectKeys } from './keys';
import type { ProjectPublication } from './types';

export type UploadCoverVariables = { projectId: string; file: File };

/**
 * `PUT /api/projects/{id}/cover` as multipart form (`file`): a JPEG or PNG of at most 10 MB,
 * 1400 to 6000 pixels a side, replacing the cover before (422 on field `file` otherwise).
 * Answers the publication view with the new cover.
 */
export function uploadCover({ projectId, file }: UploadCoverVariables): Promise<ProjectPublication> {
  const form = new FormData();
  form.append('file', file, file.name);
  return api.putForm<ProjectPublication>(`/api/projects/${encodeURIComponent(projectId)}/cover`, form);
}

export function useUploadCover({ mutationConfig }: { mutationConfig?: MutationConfig<typeof uploadCover> } = {}) {
  const queryClient = useQueryClient();
  const { onSuccess, ...rest } = mutationConfig ?? {};
  return useMutation({
    ...rest,
    // A picture of up to 10 MB is not sent twice on its own.
    retry: false,
    mutationFn: uploadCover,
    onSuccess: (publication, variables, ...args) => {
      queryClient.setQueryData(projectKeys.publication(variables.projectId), publication);
      onSuccess?.(publication, variables, ...args);
    },
  });
}
