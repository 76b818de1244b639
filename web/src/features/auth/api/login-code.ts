import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, isApiError } from '@/lib/api-client';
import type { ApiCodeInput } from '@/lib/api-types';
import { setSessionUser, type User } from '@/lib/auth';
import type { MutationConfig } from '@/lib/react-query';
import { authFeatureKeys } from './keys';

/** The error code of `POST /api/auth/login` when the account wants a code next. */
export const TWO_FACTOR_REQUIRED = 'two_factor_required';

export function isTwoFactorRequired(error: unknown): boolean {
  return isApiError(error) && error.code === TWO_FACTOR_REQUIRED;
}

/**
 * A 422 of the code step without a `code` field: the challenge (its cookie, five minutes,
 * five tries) is gone, the sign-in starts again with the password.
 */
export function isChallengeExpired(error: unknown): boolean {
  return isApiError(error) && error.status === 422 && !error.fields.code;
}

/**
 * `POST /api/auth/login/code` with the code from the app (or a recovery code) and the
 * challenge cookie the password step set → the signed-in user.
 */
export function loginWithCode(input: ApiCodeInput): Promise<User> {
  return api.post<User>('/api/auth/login/code', input);
}

export function useLoginWithCode({ mutationConfig }: { mutationConfig?: MutationConfig<typeof loginWithCode> } = {}) {
  const queryClient = useQueryClient();
  const { onSuccess, ...rest } = mutationConfig ?? {};
  return useMutation({
    mutationKey: authFeatureKeys.loginCode(),
    // Each try counts (five per sign-in), and a code works once.
    retry: false,
    ...rest,
    mutationFn: loginWithCode,
    onSuccess: (user, ...args) => {
      setSessionUser(queryClient, user);
      onSuccess?.(user, ...args);
    },
  });
}
