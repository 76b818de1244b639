import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { apiKeyKeys } from '@/lib/api-keys';
import type { ApiCreatedKey, ApiKeyName } from '@/lib/api-types';

export { newestActive, useApiKeys, type ApiKey } from '@/lib/api-keys';
export type CreatedKey = ApiCreatedKey;

/** Query keys of the developer API pages, general to specific. */
export const developerKeys = {
  all: ['developer-api'] as const,
  webhook: () => [...developerKeys.all, 'webhook'] as const,
  deliveries: () => [...developerKeys.all, 'deliveries'] as const,
};

function useKeyMutation<V, R>(mutationFn: (vars: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, retry: false, onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeyKeys.all }) });
}

export const useCreateKey = () => useKeyMutation((name: string) => api.post<CreatedKey>('/api/api-keys', { name } satisfies ApiKeyName));
export const useRevokeKey = () => useKeyMutation((id: string) => api.delete(`/api/api-keys/${encodeURIComponent(id)}`));
