import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';
import { newPasswordField, PASSWORDS_DIFFER, REPEAT_PASSWORD } from '@/lib/password';
import type { MutationConfig } from '@/lib/react-query';
import { accountKeys } from './keys';
import type { PasswordBody } from './types';

export { PASSWORD_MIN_LENGTH } from '@/lib/password';

export const passwordInputSchema = z
  .object({
    current_password: z.string().min(1, 'Bitte geben Sie Ihr aktuelles Passwort ein.'),
    new_password: newPasswordField,
    repeat_password: z.string().min(1, REPEAT_PASSWORD),
  })
  .refine((v) => v.new_password === v.repeat_password, { path: ['repeat_password'], message: PASSWORDS_DIFFER });

export type PasswordInput = z.infer<typeof passwordInputSchema>;

/** `POST /api/account/password`: 204; every other session of the account ends. */
export function changePassword(body: PasswordBody): Promise<void> {
  return api.post<void>('/api/account/password', body);
}

export function useChangePassword({ mutationConfig }: { mutationConfig?: MutationConfig<typeof changePassword> } = {}) {
  const queryClient = useQueryClient();
  const { onSuccess, ...rest } = mutationConfig ?? {};
  return useMutation({
    // A password check counts like a sign-in attempt: never repeated on its own.
    retry: false,
    ...rest,
    mutationFn: changePassword,
    onSuccess: async (data, ...args) => {
      onSuccess?.(data, ...args);
      await queryClient.invalidateQueries({ queryKey: accountKeys.sessions() });
    },
  });
}
