import { api } from '@/lib/api-client';
import type { ApiCategory, ApiCategoryDeleted, ApiTag } from '@/lib/api-types';

/** The category and tag managers' calls; run them through `useLibraryMutation` (refreshes the library). */
export const labelActions = {
  createCategory: (body: { name: string; parent_id?: string | null; global?: boolean }) => api.post<ApiCategory>('/api/categories', body),
  renameCategory: ({ id, name }: { id: string; name: string }) => api.patch<ApiCategory>(`/api/categories/${encodeURIComponent(id)}`, { name }),
  deleteCategory: (id: string) => api.delete<ApiCategoryDeleted>(`/api/categories/${encodeURIComponent(id)}`),
  createTag: (body: { name: string; global?: boolean }) => api.post<ApiTag>('/api/tags', body),
  renameTag: ({ id, name }: { id: string; name: string }) => api.patch<ApiTag>(`/api/tags/${encodeURIComponent(id)}`, { name }),
  deleteTag: (id: string) => api.delete(`/api/tags/${encodeURIComponent(id)}`),
};
