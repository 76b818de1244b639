/** Query/mutation key factory of the auth feature (the session itself lives in lib/auth). */
export const authFeatureKeys = {
  all: ['auth-forms'] as const,
  login: () => [...authFeatureKeys.all, 'login'] as const,
  signup: () => [...authFeatureKeys.all, 'signup'] as const,
  loginLink: () => [...authFeatureKeys.all, 'login-link'] as const,
};
