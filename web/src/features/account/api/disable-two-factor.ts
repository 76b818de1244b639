import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '@/lib/api-client';
import { authKeys } from '@/lib/auth';
import { signInCodeField } from '@/lib/one-time-code';
import type { MutationConfig } from '@/lib/react-query';
import { accountKeys } from './keys';
import type { DisableTwoFactorBody } from './types';

export const disableTwoFactorInputSchema = z.object({
  password: z.string().min(1, 'Bitte geben Sie Ihr Passwort ein.'),
  code: signInCodeField,
});

export type DisableTwoFactorInput = z.input<typeof disableTwoFactorInputSchema>;

/** `DELETE /api/account/two-factor` with the password and a code → 204; 422 on `password` or `code`. */
export function disableTwoFactor(body: DisableTwoFactorBody): Promise<void> {
  return apiRequest<void>('/api/account/two-factor', { method: 'DELETE', body });
}

export function useDisableTwoFactor({ mutationConfig }: { mutationConfig?: MutationConfig<typeof disableTwoFactor> } = {}) {
  const queryClient = useQueryClient();
  const { onSuccess, ...rest } = mutationConfig ?? {};
  return useMutation({
    // A password check counts like a sign-in attempt, and a code works once.
    retry: false,
    ...rest,
    mutationFn: disableTwoFactor,
    onSuccess: async (data, ...args) => {
      onSuccess?.(data, ...args);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: accountKeys.twoFactor() }),
        queryClient.invalidateQueries({ queryKey: authKeys.me() }),
      ]);
    },
  });
}
