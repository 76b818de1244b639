import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { isChapterJoining } from '../utils/project-rules';
import { projectKeys } from './keys';
import type { ExportView, ProjectDetail } from './types';

/** How often the project is asked again while one of its exports is being made or a chapter renders or is joined. */
export const EXPORT_POLL_MS = 2_000;

export function isExportRunning(item: Pick<ExportView, 'status'>): boolean {
  return item.status === 'pending' || item.status === 'processing';
}

/** Polls while an export is pending or processing (its progress bar moves); not at all otherwise. */
export function exportsPollInterval(project: ProjectDetail | undefined): number | false {
  return project?.exports.some(isExportRunning) ? EXPORT_POLL_MS : false;
}

/**
 * Polls while an export runs, and while a chapter renders or is being joined: the chapter
 * list, the totals and the export buttons follow it even when another chapter is open (the
 * open one polls itself as well). Not at all otherwise.
 */
export function projectPollInterval(project: ProjectDetail | undefined): number | false {
  if (exportsPollInterval(project) !== false) return EXPORT_POLL_MS;
  const moving = project?.chapters.some((c) => c.state === 'rendering' || isChapterJoining(c));
  return moving ? EXPORT_POLL_MS : false;
}

/** `GET /api/projects/{id}`: the project with its chapters (without paragraphs) and exports. */
export function getProject(projectId: string, signal?: AbortSignal): Promise<ProjectDetail> {
  return api.get<ProjectDetail>(`/api/projects/${encodeURIComponent(projectId)}`, { signal });
}

export const getProjectQueryOptions = (projectId: string) =>
  queryOptions({
    queryKey: projectKeys.detail(projectId),
    queryFn: ({ signal }) => getProject(projectId, signal),
    refetchInterval: (query) => projectPollInterval(query.state.data),
    refetchIntervalInBackground: false,
  });

export function useProject(projectId: string) {
  return useQuery(getProjectQueryOptions(projectId));
}
