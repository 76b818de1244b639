import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { ApiChanged, ApiFileBody, ApiTagBody, ApiTagged } from '@/lib/api-types';
import { libraryKeys } from '@/lib/library';

/** Bulk changes of the knowledge base; each refreshes the list, the figures, categories and tags. */
export type AssignCategoryBody = ApiFileBody;

export const libraryActions = {
  trash: (ids: string[]) => api.post<ApiChanged>('/api/library/trash', { ids }),
  restore: (ids: string[]) => api.post<ApiChanged>('/api/library/restore', { ids }),
  emptyTrash: (ids?: string[]) => api.post<ApiChanged>('/api/library/trash/empty', ids ? { ids } : {}),
  assignCategory: (body: AssignCategoryBody) => api.post<ApiChanged>('/api/library/categories', body),
  addTags: (body: ApiTagBody) => api.post<ApiTagged>('/api/library/tags', body),
};

/** A mutation that refreshes everything of the library when it succeeded. */
export function useLibraryMutation<TVars, TData>(mutationFn: (vars: TVars) => Promise<TData>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    retry: false,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: libraryKeys.all }),
  });
}
