import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/react-query';
import { projectKeys } from './keys';
import type { ProjectDetail } from './types';

export type ImportProjectVariables = { file: File; voice_id: string; title?: string };

/**
 * `POST /api/projects/import` as multipart form (`file`, `voice_id`, optional `title`): the
 * server reads TXT, Markdown, DOCX, EPUB or PDF into chapters (422 on field `file` for a
 * broken, empty or too large file).
 */
export function importProject({ file, voice_id, title }: ImportProjectVariables): Promise<ProjectDetail> {
  const form = new FormData();
  form.append('file', file, file.name);
  form.append('voice_id', voice_id);
  if (title) form.append('title', title);
  return api.postForm<ProjectDetail>('/api/projects/import', form);
}

export function useImportProject({ mutationConfig }: { mutationConfig?: MutationConfig<typeof importProject> } = {}) {
  const queryClient = useQueryClient();
  const { onSuccess, ...rest } = mutationConfig ?? {};
  return useMutation({
    ...rest,
    // A 20 MB upload is not sent twice on its own.
    retry: false,
    mutationFn: importProject,
    onSuccess: async (project, ...args) => {
      queryClient.setQueryData(projectKeys.detail(project.id), project);
      onSuccess?.(project, ...args);
      await queryClient.invalidateQueries({ queryKey: projectKeys.list() });
    },
  });
}
