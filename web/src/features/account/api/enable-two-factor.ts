import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';
import { authKeys } from '@/lib/auth';
import { totpCodeField } from '@/lib/one-time-code';
import type { MutationConfig } from '@/lib/react-query';
import { accountKeys } from './keys';
import type { EnableTwoFactorBody, RecoveryCodes } from './types';

export const enableTwoFactorInputSchema = z.object({
  password: z.string().min(1, 'Bitte geben Sie Ihr aktuelles Passwort ein.'),
  code: totpCodeField,
});

export type EnableTwoFactorInput = z.input<typeof enableTwoFactorInputSchema>;

/**
 * `POST /api/account/two-factor/enable` with the current password and a first code → the
 * ten recovery codes (shown once); 422 on field `password` or `code`, 429 after too many
 * wrong passwords. The server marks this session as having proved the factor and mails
 * the owner a notice.
 */
export function enableTwoFactor(body: EnableTwoFactorBody): Promise<RecoveryCodes> {
  return api.post<RecoveryCodes>('/api/account/two-factor/enable', body);
}

export function useEnableTwoFactor({ mutationConfig }: { mutationConfig?: MutationConfig<typeof enableTwoFactor> } = {}) {
  const queryClient = useQueryClient();
  const { onSuccess, ...rest } = mutationConfig ?? {};
  return useMutation({
    // A code is accepted once, and a password check counts like a sign-in attempt.
    retry: false,
    ...rest,
    mutationFn: enableTwoFactor,
    onSuccess: async (data, ...args) => {
      onSuccess?.(data, ...args);
      // `second_factor` of this session (admins go on at once) and the card's status.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: authKeys.me() }),
        queryClient.invalidateQueries({ queryKey: accountKeys.twoFactor() }),
      ]);
    },
  });
}
