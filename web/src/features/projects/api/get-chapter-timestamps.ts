import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { TimedText } from '@/lib/timed-text';
import { projectKeys } from './keys';

/** `ChapterAudio.timestamps_url`: when each sentence of the chapter audio is spoken. */
export function getChapterTimestamps(url: string): Promise<TimedText> {
  return api.get<TimedText>(url);
}

export const getChapterTimestampsQueryOptions = (url: string) =>
  queryOptions({
    queryKey: projectKeys.timestamps(url),
    queryFn: () => getChapterTimestamps(url),
    // A joined audio's timings never change; a new render brings a new audio and URL.
    staleTime: Infinity,
  });

export function useChapterTimestamps(url: string) {
  return useQuery(getChapterTimestampsQueryOptions(url));
}
