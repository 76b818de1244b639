import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { projectKeys } from './keys';
import type { Take, TakeList } from './types';

/** How often the takes are asked again while one of them is being rendered. */
export const TAKES_POLL_MS = 2_000;

export function isTakeRunning(take: Pick<Take, 'status'>): boolean {
  return take.status === 'pending' || take.status === 'processing';
}

/** `GET /api/projects/{id}/paragraphs/{paragraphId}/takes`: its renders, newest first (the five newest and the chosen one). */
export function getParagraphTakes(projectId: string, paragraphId: string, signal?: AbortSignal): Promise<TakeList> {
  return api.get<TakeList>(`/api/projects/${encodeURIComponent(projectId)}/paragraphs/${encodeURIComponent(paragraphId)}/takes`, { signal });
}

export const getParagraphTakesQueryOptions = (projectId: string, paragraphId: string) =>
  queryOptions({
    queryKey: projectKeys.takes(projectId, paragraphId),
    queryFn: ({ signal }) => getParagraphTakes(projectId, paragraphId, signal),
    refetchInterval: (query) => (query.state.data?.takes.some(isTakeRunning) ? TAKES_POLL_MS : false),
    refetchIntervalInBackground: false,
  });

/** The takes of a paragraph, asked for only while they are shown (`enabled`). */
export function useParagraphTakes(projectId: string, paragraphId: string, enabled: boolean) {
  return useQuery({ ...getParagraphTakesQueryOptions(projectId, paragraphId), enabled });
}
