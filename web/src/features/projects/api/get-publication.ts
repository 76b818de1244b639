import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { projectKeys } from './keys';
import type { ProjectPublication } from './types';

/** `GET /api/projects/{id}/publication`: author, publisher, genre, year, comment, narrator and cover. */
export function getPublication(projectId: string, signal?: AbortSignal): Promise<ProjectPublication> {
  return api.get<ProjectPublication>(`/api/projects/${encodeURIComponent(projectId)}/publication`, { signal });
}

export const getPublicationQueryOptions = (projectId: string) =>
  queryOptions({
    queryKey: projectKeys.publication(projectId),
    queryFn: ({ signal }) => getPublication(projectId, signal),
  });

export function usePublication(projectId: string) {
  return useQuery(getPublicationQueryOptions(projectId));
}
