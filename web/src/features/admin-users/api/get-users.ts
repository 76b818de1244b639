import { keepPreviousData, queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { adminUsersKeys } from './keys';
import type { UserListParams, UserOverview } from './types';

/** `GET /api/admin/users?search=&sort=&direction=`: figures and the (searched, sorted) list. */
export function getUsers({ search, sort }: UserListParams): Promise<UserOverview> {
  const query = new URLSearchParams({ sort: sort.column, direction: sort.direction });
  if (search.trim() !== '') query.set('search', search.trim());
  return api.get<UserOverview>(`/api/admin/users?${query.toString()}`);
}

export const getUsersQueryOptions = (params: UserListParams) =>
  queryOptions({
    queryKey: adminUsersKeys.list(params),
    queryFn: () => getUsers(params),
    // A new search or sort keeps the old rows on screen until the answer is there.
    placeholderData: keepPreviousData,
  });

export function useUsers(params: UserListParams) {
  return useQuery(getUsersQueryOptions(params));
}

/** After any write: the lists (figures included) and the audit log are out of date. */
export async function refreshAfterWrite(queryClient: QueryClient) {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: adminUsersKeys.lists() }),
    queryClient.invalidateQueries({ queryKey: adminUsersKeys.audits() }),
  ]);
}
