import { api } from '@/lib/api-client';
import type { ApiCategory, ApiCategoryChange, ApiCategoryDeleted, ApiNewCategory, ApiNewTag, ApiTag, ApiTagChange } from '@/lib/api-types';

/** The category and tag managers' calls; run them through `useLibraryMutation` (refreshes the library). */
export const labelActions = {
  createCategory: (body: ApiNewCategory) => api.post<ApiCategory>('/api/categories', body),
  renameCategory: ({ id, name }: { id: string } & Required<Pick<ApiCategoryChange, 'name'>>) => api.patch<ApiCategory>(`/api/categories/${encodeURIComponent(id)}`, { name } satisfies ApiCategoryChange),
  deleteCategory: (id: string) => api.delete<ApiCategoryDeleted>(`/api/categories/${encodeURIComponent(id)}`),
  createTag: (body: ApiNewTag) => api.post<ApiTag>('/api/tags', body),
  renameTag: ({ id, name }: { id: string } & Required<Pick<ApiTagChange, 'name'>>) => api.patch<ApiTag>(`/api/tags/${encodeURIComponent(id)}`, { name } satisfies ApiTagChange),
  deleteTag: (id: string) => api.delete(`/api/tags/${encodeURIComponent(id)}`),
};
