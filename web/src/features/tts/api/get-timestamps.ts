import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { TimedText } from '@/lib/timed-text';
import { ttsKeys } from './keys';

/** `GET /api/jobs/{id}/timestamps`: when each sentence (and word) of a finished audio is spoken. */
export function getJobTimestamps(jobId: string): Promise<TimedText> {
  return api.get<TimedText>(`/api/jobs/${encodeURIComponent(jobId)}/timestamps`);
}

export const getJobTimestampsQueryOptions = (jobId: string) =>
  queryOptions({
    queryKey: ttsKeys.timestamps(jobId),
    queryFn: () => getJobTimestamps(jobId),
    // A finished audio's timings never change.
    staleTime: Infinity,
  });

/** The job's timed text, fetched only while `enabled` (the transcript is open). */
export function useJobTimestamps(jobId: string, enabled: boolean) {
  return useQuery({ ...getJobTimestampsQueryOptions(jobId), enabled });
}
