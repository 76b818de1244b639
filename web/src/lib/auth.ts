/**
 * The session, shared by every feature: who is signed in (`GET /api/me`) and sign-out.
 * Sign-in and sign-up forms live in features/auth and write into this cache.
 */
import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api, isApiError } from './api-client';
import type { ApiRole, ApiUser } from './api-types';

export type Role = ApiRole;

/** `GET /api/me` */
export type User = ApiUser;

/** Query key factory of the session. */
export const authKeys = {
  all: ['auth'] as const,
  me: () => [...authKeys.all, 'me'] as const,
  /** Where the route guard sends someone whose session was just ended on purpose. */
  exit: () => [...authKeys.all, 'exit'] as const,
};

/** `GET /api/me`; `null` when nobody is signed in (401). */
export async function getMe(): Promise<User | null> {
  try {
    return await api.get<User>('/api/me');
  } catch (error) {
    if (isApiError(error) && error.status === 401) return null;
    throw error;
  }
}

export const meQueryOptions = () =>
  queryOptions({
    queryKey: authKeys.me(),
    queryFn: getMe,
  });

export function useMe() {
  return useQuery(meQueryOptions());
}

/**
 * Stores the signed-in user and drops every cached read of a previous session. When the
 * session ends (`null`), `redirectTo` says where the route guard sends the person instead of
 * the sign-in page (e.g. the landing page after the account was deleted). The guard does the
 * redirect itself, so no screen races it with a navigation of its own.
 */
export function setSessionUser(queryClient: QueryClient, user: User | null, { redirectTo }: { redirectTo?: string } = {}) {
  queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== authKeys.all[0] });
  queryClient.setQueryData<string | null>(authKeys.exit(), user ? null : (redirectTo ?? null));
  queryClient.setQueryData(authKeys.me(), user);
}

/** Where the guard sends someone without a session: `redirectTo` of the last sign-out, else null (sign-in page). */
export function useSessionExit(): string | null {
  return useQueryClient().getQueryData<string | null>(authKeys.exit()) ?? null;
}

/** Updates only the balance of the cached user (e.g. after a debit). */
export function setSessionBalance(queryClient: QueryClient, balanceCent: number) {
  queryClient.setQueryData<User | null>(authKeys.me(), (user) => (user ? { ...user, balance_cent: balanceCent } : user));
}

/** `POST /api/auth/logout` */
export function logout(): Promise<void> {
  return api.post<void>('/api/auth/logout');
}

export function useLogout(options: { onSuccess?: () => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logout,
    retry: false,
    onSettled: () => {
      setSessionUser(queryClient, null);
    },
    onSuccess: () => options.onSuccess?.(),
  });
}
