import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { authKeys } from '@/lib/auth';
import type { MutationConfig } from '@/lib/react-query';
import { ttsKeys } from './keys';

export type CleanupJobsResponse = { cleaned_jobs: number };

/** `POST /api/jobs/cleanup`: recovers the user's jobs stuck in pending/processing. */
export function cleanupJobs(): Promise<CleanupJobsResponse> {
  return api.post<CleanupJobsResponse>('/api/jobs/cleanup');
}

export function useCleanupJobs({ mutationConfig }: { mutationConfig?: MutationConfig<typeof cleanupJobs> } = {}) {
  const queryClient = useQueryClient();
  const { onSuccess, ...rest } = mutationConfig ?? {};
  return useMutation({
    ...rest,
    mutationFn: cleanupJobs,
    onSuccess: async (data, ...args) => {
      onSuccess?.(data, ...args);
      // Failed jobs are refunded, so the balance may have changed too.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ttsKeys.jobs() }),
        queryClient.invalidateQueries({ queryKey: authKeys.me() }),
      ]);
    },
  });
}
