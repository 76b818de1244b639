import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { ApiResetBody } from '@/lib/api-types';
import { setSessionUser } from '@/lib/auth';
import type { MutationConfig } from '@/lib/react-query';
import { authFeatureKeys } from './keys';

/**
 * `POST /api/auth/password-reset/confirm` → 204. Sets the new password with the mailed
 * token (once); the server ends every session of the account.
 */
export function confirmPasswordReset(input: ApiResetBody): Promise<void> {
  return api.post<void>('/api/auth/password-reset/confirm', input);
}

export function useConfirmPasswordReset({
  mutationConfig,
}: { mutationConfig?: MutationConfig<typeof confirmPasswordReset> } = {}) {
  const queryClient = useQueryClient();
  const { onSuccess, ...rest } = mutationConfig ?? {};
  return useMutation({
    mutationKey: authFeatureKeys.passwordResetConfirm(),
    // The token works once: a silent repeat after a lost answer would only say "Link ungültig".
    retry: false,
    ...rest,
    mutationFn: confirmPasswordReset,
    onSuccess: (...args) => {
      // Every session of the account has ended, this browser's included.
      setSessionUser(queryClient, null);
      onSuccess?.(...args);
    },
  });
}
