import { api, isApiError } from './api-client';
import type { ApiReauthenticated } from './api-types';

/**
 * Error code of every admin change (settings, keys, accounts, balances, roles, voices,
 * global dictionary entries, categories and tags) while the password was not re-entered
 * within the last 10 minutes.
 */
export const REAUTH_REQUIRED = 'reauth_required';

export function isReauthRequired(error: unknown): boolean {
  return isApiError(error) && error.status === 403 && error.code === REAUTH_REQUIRED;
}

export type ReauthInput = { password: string };

/** `POST /api/admin/reauth`: confirms the admin's password for the next 10 minutes. */
export function reauth(input: ReauthInput): Promise<ApiReauthenticated> {
  return api.post<ApiReauthenticated>('/api/admin/reauth', input);
}
