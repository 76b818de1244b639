import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import { authKeys } from '@/lib/auth';
import { RETRY_LATER_HINT, errorMessage } from '@/lib/errors';
import { useCleanupJobs } from '../api/cleanup-jobs';
import { useDeleteJob } from '../api/delete-job';
import type { Job } from '../api/types';
import { isActiveStatus } from '../utils/status';

export function cleanupMessage(count: number): string {
  if (count === 0) return 'Es wurden keine hängenden Jobs gefunden.';
  if (count === 1) return '1 hängender Job wurde bereinigt.';
  return `${count} hängende Jobs wurden bereinigt.`;
}

/** Refreshes the balance when a running job failed (the server refunds it). */
export function useRefreshBalanceOnFailure(jobs: Job[] | undefined) {
  const queryClient = useQueryClient();
  const previous = useRef(new Map<string, Job['status']>());
  useEffect(() => {
    if (!jobs) return;
    const before = previous.current;
    const refunded = jobs.some((job) => job.status === 'failed' && isActiveStatus(before.get(job.id) ?? 'completed'));
    previous.current = new Map(jobs.map((job) => [job.id, job.status]));
    if (refunded) void queryClient.invalidateQueries({ queryKey: authKeys.me() });
  }, [jobs, queryClient]);
}

/**
 * Delete (after confirmation) and clean up, each with its German toast. A deleted audio's row
 * goes, and its player stops with it.
 */
export function useJobActions() {
  const [jobToDelete, setJobToDelete] = useState<Job | null>(null);

  const remove = useDeleteJob({
    mutationConfig: {
      onSuccess: () => {
        setJobToDelete(null);
        toast.success('Audio gelöscht', { description: 'Das Audio wurde dauerhaft entfernt.' });
      },
      onError: (error) => {
        setJobToDelete(null);
        toast.error('Fehler beim Löschen', {
          id: 'job-delete',
          description: errorMessage(error, 'Das Audio konnte nicht gelöscht werden.'),
        });
      },
    },
  });

  const cleanup = useCleanupJobs({
    mutationConfig: {
      onSuccess: (data) => toast.success('Aufräumen abgeschlossen', { id: 'job-cleanup', description: cleanupMessage(data.cleaned_jobs) }),
      onError: (error) =>
        toast.error('Fehler beim Aufräumen', {
          id: 'job-cleanup',
          description: errorMessage(error, RETRY_LATER_HINT),
        }),
    },
  });

  return { jobToDelete, setJobToDelete, remove, cleanup };
}
