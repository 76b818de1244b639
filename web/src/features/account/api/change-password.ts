import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/react-query';
import { accountKeys } from './keys';
import type { PasswordBody } from './types';

/** The server's length rule; the rest (common passwords, name, e-mail) it checks itself. */
export const PASSWORD_MIN_CHARS = 8;
export const PASSWORD_MAX_CHARS = 128;

export const passwordInputSchema = z
  .object({
    current_password: z.string().min(1, 'Bitte geben Sie Ihr aktuelles Passwort ein.'),
    new_password: z
      .string()
      .min(1, 'Bitte geben Sie ein neues Passwort ein.')
      .min(PASSWORD_MIN_CHARS, `Das Passwort muss mindestens ${PASSWORD_MIN_CHARS} Zeichen lang sein.`)
      .max(PASSWORD_MAX_CHARS, `Das Passwort darf höchstens ${PASSWORD_MAX_CHARS} Zeichen lang sein.`),
    repeat_password: z.string().min(1, 'Bitte wiederholen Sie das neue Passwort.'),
  })
  .refine((v) => v.new_password === v.repeat_password, {
    path: ['repeat_password'],
    message: 'Die Passwörter stimmen nicht überein.',
  });

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
