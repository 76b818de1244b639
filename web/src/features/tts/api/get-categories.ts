import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { ApiCategory } from '@/lib/api-types';
import { ttsKeys } from './keys';

/** `GET /api/categories`: the categories a new audio can be filed under. */
export function getCategories(): Promise<ApiCategory[]> {
  return api.get<ApiCategory[]>('/api/categories');
}

export function useCategories() {
  return useQuery(queryOptions({ queryKey: ttsKeys.categories(), queryFn: getCategories }));
}
