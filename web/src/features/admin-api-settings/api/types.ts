/** Shapes of the admin engine settings endpoints, from the generated API contract. */

import type { ApiConnectionTest, ApiReauthenticated, ApiService, ApiServiceList } from '@/lib/api-types';

export type ServiceCategory = 'AI/ML' | 'Cloud' | 'Payment' | 'Database';

export type Service = ApiService;

/** `GET /api/admin/services` */
export type ServicesResponse = ApiServiceList;

/** `POST /api/admin/reauth` */
export type ReauthResponse = ApiReauthenticated;

/** `POST /api/admin/services/{id}/test` */
export type ServiceTestResult = ApiConnectionTest;
