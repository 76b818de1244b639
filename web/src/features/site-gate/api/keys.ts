/** Query key factory of the site password gate. */
export const siteGateKeys = {
  all: ['site-gate'] as const,
  state: () => [...siteGateKeys.all, 'state'] as const,
  unlock: () => [...siteGateKeys.all, 'unlock'] as const,
};
