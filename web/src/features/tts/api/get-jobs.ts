import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { hasActiveJobs } from '../utils/status';
import { ttsKeys } from './keys';
import type { Job, JobsResponse } from './types';

/** Poll interval of the job list while a job is pending or processing (spec: 5 s). */
export const JOBS_POLL_INTERVAL_MS = 5_000;

/** `GET /api/jobs` (newest first). */
export async function getJobs(): Promise<Job[]> {
  const data = await api.get<JobsResponse>('/api/jobs');
  return data.jobs;
}

export const getJobsQueryOptions = () =>
  queryOptions({
    queryKey: ttsKeys.jobList(),
    queryFn: getJobs,
    // Poll while work is under way; stop once every job reached a terminal state.
    refetchInterval: (query) => (hasActiveJobs(query.state.data) ? JOBS_POLL_INTERVAL_MS : false),
    refetchIntervalInBackground: false,
  });

export function useJobs() {
  return useQuery(getJobsQueryOptions());
}
