import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/react-query';
import { refreshAfterWrite } from './get-users';

/** `DELETE /api/admin/users/{id}`: 204; 409 for one's own account. */
export function deleteUser(id: string): Promise<void> {
  return api.delete(`/api/admin/users/${encodeURIComponent(id)}`);
}

export function useDeleteUser({ mutationConfig }: { mutationConfig?: MutationConfig<typeof deleteUser> } = {}) {
  const queryClient = useQueryClient();
  const { onSuccess, ...rest } = mutationConfig ?? {};
  return useMutation({
    retry: false,
    ...rest,
    mutationFn: deleteUser,
    onSuccess: (data, ...args) => {
      void refreshAfterWrite(queryClient);
      onSuccess?.(data, ...args);
    },
  });
}
