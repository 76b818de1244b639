import type { BadgeVariant } from '@/components/ui/badge';
import type { ApiJobStatus } from './api-types';

/** How a job's status reads and looks on every screen that lists jobs. */
export const JOB_STATUS_LABELS: Record<ApiJobStatus, string> = {
  pending: 'Wartend',
  processing: 'In Bearbeitung',
  completed: 'Fertig',
  failed: 'Fehlgeschlagen',
};

export const JOB_STATUS_VARIANTS: Record<ApiJobStatus, BadgeVariant> = {
  pending: 'warning',
  processing: 'primary',
  completed: 'success',
  failed: 'destructive',
};

/** Label of an unknown status coming from a newer server. */
export function statusLabel(status: string): string {
  return JOB_STATUS_LABELS[status as ApiJobStatus] ?? 'In Bearbeitung';
}

/**
 * "Wiederholung 2 von 3" while a job is being tried again: a pending job that already
 * had an attempt waits for the next one, a processing job past its first attempt runs it.
 * The same words in both states, so the row does not flip between "Wartend" and
 * "In Bearbeitung" while a provider fails. `null` for a first attempt or a finished job.
 */
export function retryLabel(job: { status: ApiJobStatus; attempts?: number }, maxAttempts: number | undefined): string | null {
  const attempts = job.attempts ?? 0;
  const current = job.status === 'pending' ? attempts + 1 : job.status === 'processing' ? attempts : 0;
  if (current < 2) return null;
  return maxAttempts ? `Wiederholung ${current} von ${maxAttempts}` : `Wiederholung ${current}`;
}
