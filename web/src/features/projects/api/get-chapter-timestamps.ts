import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { TimedText } from '@/lib/timed-text';
import { projectKeys } from './keys';

/** `ChapterAudio.timestamps_url`: when each sentence of the chapter audio is spoken. */
export function getChapterTimestamps(url: string): Promise<TimedText> {
  return api.get<TimedText>(url);
}

/** `version` names the join (`useJoinVersion`): the address stays when the chapter is joined again. */
export const getChapterTimestampsQueryOptions = (url: string, version = '') =>
  queryOptions({
    queryKey: projectKeys.timestamps(url, version),
    queryFn: () => getChapterTimestamps(url),
    // One join's timings never change; a new join has a new version.
    staleTime: Infinity,
  });

export function useChapterTimestamps(url: string, version = '') {
  return useQuery(getChapterTimestampsQueryOptions(url, version));
}
