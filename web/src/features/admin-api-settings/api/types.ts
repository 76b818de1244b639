/** Shapes of the admin engine settings endpoints (docs/api.md, "Admin: engine settings"). */

export type ServiceCategory = 'AI/ML' | 'Cloud' | 'Payment' | 'Database';

export type Service = {
  id: string;
  name: string;
  category: ServiceCategory;
  description: string;
  secret_name: string;
  status: 'configured' | 'missing';
  source: 'environment' | 'database' | null;
  key_last4: string | null;
  docs_url: string | null;
  key_url: string | null;
  can_store_key: boolean;
  can_test: boolean;
};

/** `GET /api/admin/services` */
export type ServicesResponse = { configured: number; total: number; services: Service[] };

/** `POST /api/admin/reauth` */
export type ReauthResponse = { valid_until: string };

/** `POST /api/admin/services/{id}/test` */
export type ServiceTestResult = { ok: boolean; message: string };
