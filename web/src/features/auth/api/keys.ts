/** Query/mutation key factory of the auth feature (the session itself lives in lib/auth). */
export const authFeatureKeys = {
  all: ['auth-forms'] as const,
  login: () => [...authFeatureKeys.all, 'login'] as const,
  loginCode: () => [...authFeatureKeys.all, 'login-code'] as const,
  signup: () => [...authFeatureKeys.all, 'signup'] as const,
  loginLink: () => [...authFeatureKeys.all, 'login-link'] as const,
  passwordReset: () => [...authFeatureKeys.all, 'password-reset'] as const,
  /** Whether the reset link with this token still works. */
  resetLink: (token: string) => [...authFeatureKeys.all, 'reset-link', token] as const,
  passwordResetConfirm: () => [...authFeatureKeys.all, 'password-reset-confirm'] as const,
  confirmation: () => [...authFeatureKeys.all, 'confirmation'] as const,
  confirmWithPassword: () => [...authFeatureKeys.all, 'confirm-with-password'] as const,
};
