import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { isActiveStatus } from '../utils/status';
import { ttsKeys } from './keys';
import type { Job, JobsResponse } from './types';

/**
 * Poll interval of the job list while a job is pending or processing: every second while
 * the youngest running job is under 10 s old (most finish within a second or two), then
 * every 2 s up to a minute, then every 5 s. No polling when nothing runs.
 */
export function jobsPollInterval(jobs: Job[] | undefined, now = Date.now()): number | false {
  const running = jobs?.filter((job) => isActiveStatus(job.status)) ?? [];
  if (running.length === 0) return false;
  const youngest = Math.min(
    ...running.map((job) => {
      const created = Date.parse(job.created_at);
      return Number.isNaN(created) ? 0 : Math.max(0, now - created);
    }),
  );
  if (youngest < 10_000) return 1_000;
  if (youngest < 60_000) return 2_000;
  return 5_000;
}

/** `GET /api/jobs` (newest first). */
export async function getJobs(): Promise<Job[]> {
  const data = await api.get<JobsResponse>('/api/jobs');
  return data.jobs;
}

export const getJobsQueryOptions = () =>
  queryOptions({
    queryKey: ttsKeys.jobList(),
    queryFn: getJobs,
    refetchInterval: (query) => jobsPollInterval(query.state.data),
    refetchIntervalInBackground: false,
  });

export function useJobs() {
  return useQuery(getJobsQueryOptions());
}
