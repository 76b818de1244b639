import type { Job, JobStatus } from '../api/types';

export { JOB_STATUS_LABELS, JOB_STATUS_VARIANTS, statusLabel } from '@/lib/job-status';

export function isActiveStatus(status: JobStatus): boolean {
  return status === 'pending' || status === 'processing';
}

export function hasActiveJobs(jobs: Job[] | undefined): boolean {
  return !!jobs?.some((job) => isActiveStatus(job.status));
}
