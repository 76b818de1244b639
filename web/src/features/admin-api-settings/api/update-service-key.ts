import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/react-query';
import { refreshIfReauthRequired, setCachedService } from './get-services';
import type { Service } from './types';

export const serviceKeyInputSchema = z.object({
  key: z.string().trim().min(1, 'Bitte geben Sie einen Schlüssel ein.'),
});

export type ServiceKeyFormInput = z.input<typeof serviceKeyInputSchema>;
export type ServiceKeyFormOutput = z.output<typeof serviceKeyInputSchema>;

export type UpdateServiceKeyVariables = { serviceId: string; key: string };

/** `PUT /api/admin/services/{id}/key`: stores the key encrypted; the answer never contains it. */
export function updateServiceKey({ serviceId, key }: UpdateServiceKeyVariables): Promise<Service> {
  return api.put<Service>(`/api/admin/services/${encodeURIComponent(serviceId)}/key`, { key });
}

export function useUpdateServiceKey({ mutationConfig }: { mutationConfig?: MutationConfig<typeof updateServiceKey> } = {}) {
  const queryClient = useQueryClient();
  const { onSuccess, onError, ...rest } = mutationConfig ?? {};
  return useMutation({
    // A key is never sent twice on its own.
    retry: false,
    ...rest,
    mutationFn: updateServiceKey,
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
