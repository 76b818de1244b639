import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { ApiDelivery, ApiDeliveryAttempt, ApiEndpointBody, ApiNewSecret, ApiSavedEndpoint, ApiWebhookEndpoint } from '@/lib/api-types';
import { developerKeys } from './keys';

export type Endpoint = ApiWebhookEndpoint;
export type SavedEndpoint = ApiSavedEndpoint;
export type Delivery = ApiDelivery;
export type Attempt = ApiDeliveryAttempt;

export function useWebhook() {
  return useQuery(queryOptions({ queryKey: developerKeys.webhook(), queryFn: () => api.get<Endpoint | null>('/api/webhook') }));
}

/** The delivery log; refreshed every 5 s while something is still on its way. */
export function useDeliveries() {
  return useQuery(
    queryOptions({
      queryKey: developerKeys.deliveries(),
      queryFn: () => api.get<Delivery[]>('/api/webhook/deliveries'),
      refetchInterval: (q) => (q.state.data?.some((d) => d.status === 'pending' || d.status === 'delivering') ? 5_000 : 30_000),
    }),
  );
}

function useWebhookMutation<V, R>(mutationFn: (vars: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    retry: false,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: developerKeys.webhook() }),
        queryClient.invalidateQueries({ queryKey: developerKeys.deliveries() }),
      ]),
  });
}

export const useSaveWebhook = () => useWebhookMutation((url: string) => api.put<SavedEndpoint>('/api/webhook', { url } satisfies ApiEndpointBody));
export const useRotateSecret = () => useWebhookMutation(() => api.post<ApiNewSecret>('/api/webhook/secret'));
export const useRemoveWebhook = () => useWebhookMutation(() => api.delete('/api/webhook'));
export const useTestWebhook = () => useWebhookMutation(() => api.post<Attempt>('/api/webhook/test'));
export const useResend = () => useWebhookMutation((id: string) => api.post(`/api/webhook/deliveries/${encodeURIComponent(id)}/resend`));
