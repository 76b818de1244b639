import type { AuditFilter, UserListParams } from './types';

/** Query key factory of the admin user management, general to specific. */
export const adminUsersKeys = {
  all: ['admin-users'] as const,
  lists: () => [...adminUsersKeys.all, 'list'] as const,
  list: (params: UserListParams) => [...adminUsersKeys.lists(), params] as const,
  audits: () => [...adminUsersKeys.all, 'audit'] as const,
  audit: (filter: AuditFilter) => [...adminUsersKeys.audits(), filter] as const,
};
