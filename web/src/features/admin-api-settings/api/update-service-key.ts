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

/** `confirmUntested`: store it although its connection test failed (the admin confirmed). */
export type UpdateServiceKeyVariables = { serviceId: string; key: string; confirmUntested?: boolean };

/** The title the server gives a key that failed its connection test (then not stored). */
export const KEY_TEST_FAILED_TITLE = 'Verbindungstest fehlgeschlagen';

/**
 * `PUT /api/admin/services/{id}/key`: tests the key, then stores it encrypted (the answer
 * never contains it); a key that fails the test is refused unless `confirmUntested`.
 */
export function updateServiceKey({ serviceId, key, confirmUntested = false }: UpdateServiceKeyVariables): Promise<Service> {
  return api.put<Service>(`/api/admin/services/${encodeURIComponent(serviceId)}/key`, { key, confirm_untested: confirmUntested });
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
