import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { authFeatureKeys } from './keys';

/**
 * `GET /api/auth/password-reset?token=…` → 204 while the reset link still works, 422 with
 * the server's message when it is used, expired or unknown. It does not use the link up.
 */
export async function checkResetLink(token: string): Promise<true> {
  await api.get<void>(`/api/auth/password-reset?token=${encodeURIComponent(token)}`);
  return true;
}

export const resetLinkQueryOptions = (token: string) =>
  queryOptions({
    queryKey: authFeatureKeys.resetLink(token),
    queryFn: () => checkResetLink(token),
    // Asked each time the page opens: a link used meanwhile must not look valid from the cache.
    staleTime: 0,
    gcTime: 0,
  });

/** Checks the link of the reset page (not at all without a token). */
export function useResetLinkCheck(token: string) {
  return useQuery({ ...resetLinkQueryOptions(token), enabled: token !== '' });
}
