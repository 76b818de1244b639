/** Shapes of the admin user endpoints, from the generated API contract. */

import type {
  ApiAdminUser,
  ApiAuditAction,
  ApiAuditEntry,
  ApiBalanceAdjustment,
  ApiNewUserInput,
  ApiUserOverview,
  ApiUserStats,
  ApiUserUpdate,
} from '@/lib/api-types';

export type AdminUser = ApiAdminUser;
export type UserStats = ApiUserStats;
/** `GET /api/admin/users` */
export type UserOverview = ApiUserOverview;
/** `POST /api/admin/users` */
export type NewUserInput = ApiNewUserInput;
/** `PATCH /api/admin/users/{id}` */
export type UserUpdate = ApiUserUpdate;
/** `POST /api/admin/users/{id}/balance` */
export type BalanceAdjustment = ApiBalanceAdjustment;
/** One row of `GET /api/admin/audit` */
export type AuditEntry = ApiAuditEntry;
export type AuditAction = ApiAuditAction;

export type SortColumn = 'organization' | 'name' | 'guthaben_cent' | 'created_at';
export type SortDirection = 'asc' | 'desc';
export type UserSort = { column: SortColumn; direction: SortDirection };
export type UserListParams = { search: string; sort: UserSort };
/** The person the audit log is narrowed to, with the words its filter chip shows. */
export type AuditUser = { id: string; label: string };
/** What `GET /api/admin/audit` is narrowed to (null: everything). */
export type AuditFilter = { action: AuditAction | null; userId: string | null };
