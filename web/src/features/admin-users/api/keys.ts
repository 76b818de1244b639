import type { AuditAction, UserListParams } from './types';

/** Query key factory of the admin user management, general to specific. */
export const adminUsersKeys = {
  all: ['admin-users'] as const,
  lists: () => [...adminUsersKeys.all, 'list'] as const,
  list: (params: UserListParams) => [...adminUsersKeys.lists(), params] as const,
  audits: () => [...adminUsersKeys.all, 'audit'] as const,
  audit: (action: AuditAction | null) => [...adminUsersKeys.audits(), action ?? 'all'] as const,
};
