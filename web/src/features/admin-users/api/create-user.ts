import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@/lib/password';
import type { MutationConfig } from '@/lib/react-query';
import { refreshAfterWrite } from './get-users';
import type { AdminUser, NewUserInput } from './types';

export const newUserSchema = z.object({
  name: z.string().trim().min(1, 'Bitte geben Sie einen Namen ein.'),
  email: z.string().trim().min(1, 'Bitte geben Sie eine E-Mail-Adresse ein.').email('Bitte geben Sie eine gültige E-Mail-Adresse ein.'),
  organization: z.string().trim().min(1, 'Bitte geben Sie eine Organisation ein.'),
  // The server's length rule for every new password (the spec's 6 is too weak for it).
  password: z
    .string()
    .min(PASSWORD_MIN_LENGTH, `Das Passwort muss mindestens ${PASSWORD_MIN_LENGTH} Zeichen lang sein.`)
    .max(PASSWORD_MAX_LENGTH, `Das Passwort darf höchstens ${PASSWORD_MAX_LENGTH} Zeichen lang sein.`),
  role: z.enum(['user', 'admin']),
});

export type NewUserFormInput = z.input<typeof newUserSchema>;
export type NewUserFormOutput = z.output<typeof newUserSchema>;

/** `POST /api/admin/users`: 201 with the new (already confirmed) account; 422 with `fields`. */
export function createUser(input: NewUserInput): Promise<AdminUser> {
  return api.post<AdminUser>('/api/admin/users', input);
}

export function useCreateUser({ mutationConfig }: { mutationConfig?: MutationConfig<typeof createUser> } = {}) {
  const queryClient = useQueryClient();
  const { onSuccess, ...rest } = mutationConfig ?? {};
  return useMutation({
    retry: false,
    ...rest,
    mutationFn: createUser,
    onSuccess: (user, ...args) => {
      void refreshAfterWrite(queryClient);
      onSuccess?.(user, ...args);
    },
  });
}
