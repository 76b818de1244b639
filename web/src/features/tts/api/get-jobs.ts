import { infiniteQueryOptions, useInfiniteQuery, type InfiniteData } from '@tanstack/react-query';
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
  // A short text is done within a second or two: look often then, so the audio is
  // playable soon after it is (a few small requests per generation).
  if (youngest < 4_000) return 300;
  if (youngest < 10_000) return 1_000;
  if (youngest < 60_000) return 2_000;
  return 5_000;
}

export const JOBS_PAGE_SIZE = 50;

/** `GET /api/jobs` (newest first), one page of `JOBS_PAGE_SIZE` from `cursor`. */
export function getJobsPage(cursor: string | null): Promise<JobsResponse> {
  const params = new URLSearchParams({ limit: String(JOBS_PAGE_SIZE) });
  if (cursor) params.set('cursor', cursor);
  return api.get<JobsResponse>(`/api/jobs?${params.toString()}`);
}

export type JobPages = InfiniteData<JobsResponse, unknown>;

/** Every loaded job of the paged list, in order. */
export function flattenJobs(data: JobPages | undefined): Job[] | undefined {
  return data?.pages.flatMap((page) => page.jobs);
}

/** Applies `update` to the jobs of every loaded page (cache updates after create/delete/save). */
export function mapJobPages(data: JobPages | undefined, update: (jobs: Job[], pageIndex: number) => Job[]): JobPages | undefined {
  if (!data) return data;
  return { ...data, pages: data.pages.map((page, i) => ({ ...page, jobs: update(page.jobs, i) })) };
}

export const getJobsQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: ttsKeys.jobList(),
    queryFn: ({ pageParam }) => getJobsPage(pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
    refetchInterval: (query) => jobsPollInterval(flattenJobs(query.state.data)),
    refetchIntervalInBackground: false,
  });

/** All of the user's jobs, page by page ("Mehr laden"); polled while a job runs. */
export function useJobs() {
  return useInfiniteQuery(getJobsQueryOptions());
}
