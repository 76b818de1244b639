import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/react-query';
import { mapJobPages, type JobPages } from './get-jobs';
import { ttsKeys } from './keys';

/** `DELETE /api/jobs/{id}`: removes the job and its audio permanently. */
export function deleteJob(jobId: string): Promise<void> {
  return api.delete(`/api/jobs/${encodeURIComponent(jobId)}`);
}

export function useDeleteJob({ mutationConfig }: { mutationConfig?: MutationConfig<typeof deleteJob> } = {}) {
  const queryClient = useQueryClient();
  const { onSuccess, ...rest } = mutationConfig ?? {};
  return useMutation({
    ...rest,
    mutationFn: deleteJob,
    onSuccess: async (data, jobId, ...args) => {
      queryClient.setQueryData<JobPages>(ttsKeys.jobList(), (pages) => mapJobPages(pages, (jobs) => jobs.filter((j) => j.id !== jobId)));
      onSuccess?.(data, jobId, ...args);
      await queryClient.invalidateQueries({ queryKey: ttsKeys.jobs() });
    },
  });
}
