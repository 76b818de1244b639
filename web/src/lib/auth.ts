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

/** Stores the signed-in user and drops every cached read of a previous session. */
export function setSessionUser(queryClient: QueryClient, user: User | null) {
  queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== authKeys.all[0] });
  queryClient.setQueryData(authKeys.me(), user);
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
