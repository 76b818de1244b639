import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { ApiGateState } from '@/lib/api-types';
import { siteGateKeys } from './keys';

export type GateState = ApiGateState;

/** `GET /api/site-gate`: whether the site asks for a password and this browser's wrong tries. */
export function getGateState(): Promise<GateState> {
  return api.get<GateState>('/api/site-gate');
}

export const gateStateQueryOptions = () =>
  queryOptions({
    queryKey: siteGateKeys.state(),
    queryFn: getGateState,
    // Changes only through this browser's tries or a `site_locked` answer, which refetch it.
    staleTime: Infinity,
  });

export function useGateState() {
  return useQuery(gateStateQueryOptions());
}
