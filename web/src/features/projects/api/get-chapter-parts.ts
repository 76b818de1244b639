import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { projectKeys } from './keys';
import type { ChapterParts, ChapterSummary } from './types';

/** `GET /api/projects/{id}/chapters/{chapterId}/parts`: where each paragraph is heard in the joined audio, and which changed since. */
export function getChapterParts(projectId: string, chapterId: string, signal?: AbortSignal): Promise<ChapterParts> {
  return api.get<ChapterParts>(`/api/projects/${encodeURIComponent(projectId)}/chapters/${encodeURIComponent(chapterId)}/parts`, { signal });
}

/**
 * What the parts depend on: the joined audio (`joinVersion`), whether it is current, and
 * how many paragraphs changed since. An edit, a new take or a dictionary entry moves one
 * of them, so the parts are asked again only then, not with every poll of the chapter.
 */
export function partsVersion(chapter: Pick<ChapterSummary, 'audio' | 'stale_paragraphs'>, joinVersion: string): string {
  return [joinVersion, chapter.audio?.current ? 'current' : 'waiting', chapter.stale_paragraphs].join('|');
}

export const getChapterPartsQueryOptions = (projectId: string, chapterId: string, version: string) =>
  queryOptions({
    queryKey: projectKeys.chapterPartsOf(projectId, chapterId, version),
    queryFn: ({ signal }) => getChapterParts(projectId, chapterId, signal),
    staleTime: Infinity,
    // The marks of the last version stay while the next one loads (no flicker in the transcript).
    placeholderData: keepPreviousData,
  });

/** The parts of a joined chapter (`enabled` once it has audio). */
export function useChapterParts(projectId: string, chapterId: string, version: string, enabled: boolean) {
  return useQuery({ ...getChapterPartsQueryOptions(projectId, chapterId, version), enabled });
}
