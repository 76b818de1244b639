import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { adminUsersKeys } from './keys';
import type { AuditEntry, AuditFilter } from './types';

export const AUDIT_PAGE_SIZE = 50;

/**
 * `GET /api/admin/audit?action=&user_id=&page=`: newest first, 50 entries a page (1-based),
 * optionally only one action and/or only entries about one user.
 */
export function getAudit({ action, userId, page }: AuditFilter & { page: number }): Promise<AuditEntry[]> {
  const query = new URLSearchParams({ page: String(page) });
  if (action) query.set('action', action);
  if (userId) query.set('user_id', userId);
  return api.get<AuditEntry[]>(`/api/admin/audit?${query.toString()}`);
}

export const getAuditQueryOptions = (filter: AuditFilter) =>
  infiniteQueryOptions({
    queryKey: adminUsersKeys.audit(filter),
    queryFn: ({ pageParam }) => getAudit({ ...filter, page: pageParam }),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (last.length < AUDIT_PAGE_SIZE ? undefined : pages.length + 1),
  });

export function useAudit(filter: AuditFilter) {
  return useInfiniteQuery(getAuditQueryOptions(filter));
}
