import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { adminUsersKeys } from './keys';
import type { AuditAction, AuditEntry } from './types';

export const AUDIT_PAGE_SIZE = 50;

/** `GET /api/admin/audit?action=&page=`: newest first, 50 entries a page (1-based). */
export function getAudit({ action, page }: { action: AuditAction | null; page: number }): Promise<AuditEntry[]> {
  const query = new URLSearchParams({ page: String(page) });
  if (action) query.set('action', action);
  return api.get<AuditEntry[]>(`/api/admin/audit?${query.toString()}`);
}

export const getAuditQueryOptions = (action: AuditAction | null) =>
  infiniteQueryOptions({
    queryKey: adminUsersKeys.audit(action),
    queryFn: ({ pageParam }) => getAudit({ action, page: pageParam }),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (last.length < AUDIT_PAGE_SIZE ? undefined : pages.length + 1),
  });

export function useAudit(action: AuditAction | null) {
  return useInfiniteQuery(getAuditQueryOptions(action));
}
