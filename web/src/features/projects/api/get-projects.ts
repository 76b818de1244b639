import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { projectKeys } from './keys';
import type { ProjectList } from './types';

/** `GET /api/projects`: the user's projects with their progress. */
export function getProjects(): Promise<ProjectList> {
  return api.get<ProjectList>('/api/projects');
}

export const getProjectsQueryOptions = () => queryOptions({ queryKey: projectKeys.list(), queryFn: getProjects });

export function useProjects() {
  return useQuery(getProjectsQueryOptions());
}
