import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/react-query';
import { refreshIfReauthRequired } from './get-services';
import type { ServiceTestResult } from './types';

/** `POST /api/admin/services/{id}/test`: tries the service with its key; German result message. */
export function testService(serviceId: string): Promise<ServiceTestResult> {
  return api.post<ServiceTestResult>(`/api/admin/services/${encodeURIComponent(serviceId)}/test`);
}

export function useTestService({ mutationConfig }: { mutationConfig?: MutationConfig<typeof testService> } = {}) {
  const queryClient = useQueryClient();
  const { onError, ...rest } = mutationConfig ?? {};
  return useMutation({
    // A failed test is a result to show, not something to repeat.
    retry: false,
    ...rest,
    mutationFn: testService,
    onError: (error, ...args) => {
      onError?.(error, ...args);
      void refreshIfReauthRequired(queryClient, error);
    },
  });
}
