/** The user's API keys (`GET /api/api-keys`), read by the account page and the API pages. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './api-client';
import type { ApiKeyView } from './api-types';

export type ApiKey = ApiKeyView;

export const apiKeyKeys = { all: ['api-keys'] as const };

export const apiKeysQueryOptions = () => queryOptions({ queryKey: apiKeyKeys.all, queryFn: () => api.get<ApiKey[]>('/api/api-keys') });

export function useApiKeys() {
  return useQuery(apiKeysQueryOptions());
}

/** The newest key that still works. */
export function newestActive(keys: ApiKey[] | undefined): ApiKey | undefined {
  return keys?.find((k) => !k.revoked_at);
}
