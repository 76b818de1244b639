/** Query key factory of the admin API settings, general to specific. */
export const adminApiSettingsKeys = {
  all: ['admin-api-settings'] as const,
  services: () => [...adminApiSettingsKeys.all, 'services'] as const,
};
