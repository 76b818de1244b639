import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { isReauthRequired } from '@/lib/reauth';
import { adminApiSettingsKeys } from './keys';
import type { Service, ServicesResponse } from './types';

export { isReauthRequired };

/** `GET /api/admin/services`; 403 `reauth_required` until the password was confirmed. */
export function getServices(): Promise<ServicesResponse> {
  return api.get<ServicesResponse>('/api/admin/services');
}

export const getServicesQueryOptions = () =>
  queryOptions({
    queryKey: adminApiSettingsKeys.services(),
    queryFn: getServices,
  });

export function useServices() {
  return useQuery(getServicesQueryOptions());
}

/** Puts one changed service into the cached list and recounts the configured ones. */
export function setCachedService(queryClient: QueryClient, service: Service) {
  queryClient.setQueryData<ServicesResponse>(adminApiSettingsKeys.services(), (data) => {
    if (!data) return data;
    const services = data.services.map((s) => (s.id === service.id ? service : s));
    return { ...data, services, configured: services.filter((s) => s.status === 'configured').length };
  });
}

/**
 * After a write answered 403 `reauth_required` (the 10 minutes ran out), reloads the
 * list: it answers the same, and the page shows the password gate again.
 */
export async function refreshIfReauthRequired(queryClient: QueryClient, error: unknown) {
  if (isReauthRequired(error)) await queryClient.invalidateQueries({ queryKey: adminApiSettingsKeys.services() });
}
