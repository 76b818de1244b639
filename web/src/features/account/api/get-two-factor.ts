import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { accountKeys } from './keys';
import type { TwoFactorStatus } from './types';

/** `GET /api/account/two-factor`: whether the account signs in with a code. */
export function getTwoFactorStatus(): Promise<TwoFactorStatus> {
  return api.get<TwoFactorStatus>('/api/account/two-factor');
}

export const getTwoFactorStatusQueryOptions = () =>
  queryOptions({
    queryKey: accountKeys.twoFactor(),
    queryFn: getTwoFactorStatus,
  });

export function useTwoFactorStatus() {
  return useQuery(getTwoFactorStatusQueryOptions());
}
