import type { BadgeVariant } from '@/components/ui/badge';
import type { Job, JobStatus } from '../api/types';

export const JOB_STATUS_LABELS: Record<JobStatus, string> = {
  pending: 'Wartend',
  processing: 'In Bearbeitung',
  completed: 'Fertig',
  failed: 'Fehlgeschlagen',
};

export const JOB_STATUS_VARIANTS: Record<JobStatus, BadgeVariant> = {
  pending: 'warning',
  processing: 'primary',
  completed: 'success',
  failed: 'destructive',
};

export function isActiveStatus(status: JobStatus): boolean {
  return status === 'pending' || status === 'processing';
}

export function hasActiveJobs(jobs: Job[] | undefined): boolean {
  return !!jobs?.some((job) => isActiveStatus(job.status));
}

/** Label of an unknown status coming from a newer server. */
export function statusLabel(status: string): string {
  return JOB_STATUS_LABELS[status as JobStatus] ?? 'In Bearbeitung';
}
