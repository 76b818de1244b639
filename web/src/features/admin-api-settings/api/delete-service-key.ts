import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/react-query';
import { refreshIfReauthRequired, setCachedService } from './get-services';
import type { Service } from './types';

/** `DELETE /api/admin/services/{id}/key`: removes the stored key (an environment key stays). */
export function deleteServiceKey(serviceId: string): Promise<Service> {
  return api.delete<Service>(`/api/admin/services/${encodeURIComponent(serviceId)}/key`);
}

export function useDeleteServiceKey({ mutationConfig }: { mutationConfig?: MutationConfig<typeof deleteServiceKey> } = {}) {
  const queryClient = useQueryClient();
  const { onSuccess, onError, ...rest } = mutationConfig ?? {};
  return useMutation({
    ...rest,
    mutationFn: deleteServiceKey,
    onSuccess: (service, ...args) => {
      setCachedService(queryClient, service);
      onSuccess?.(service, ...args);
    },
    onError: (error, ...args) => {
      onError?.(error, ...args);
      void refreshIfReauthRequired(queryClient, error);
    },
  });
}
