import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { authKeys } from '@/lib/auth';
import { libraryKeys } from '@/lib/library';

/** Deletes a job for good (`DELETE /api/jobs/{id}`; an unfinished one is refunded). */
export function useDeleteJob() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete(`/api/jobs/${encodeURIComponent(id)}`),
    retry: false,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: libraryKeys.all }),
        // A refund changes the balance in the top bar.
        queryClient.invalidateQueries({ queryKey: authKeys.me() }),
      ]),
  });
}
