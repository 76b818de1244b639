import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { accountKeys } from './keys';
import type { Session } from './types';

/** `GET /api/account/sessions`: the live sessions, newest first. */
export function getSessions(): Promise<Session[]> {
  return api.get<Session[]>('/api/account/sessions');
}

export const getSessionsQueryOptions = () =>
  queryOptions({
    queryKey: accountKeys.sessions(),
    queryFn: getSessions,
    // A session list is only useful when current.
    staleTime: 0,
  });

export function useSessions() {
  return useQuery(getSessionsQueryOptions());
}
