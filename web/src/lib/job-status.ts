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
