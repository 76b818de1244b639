import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '@/lib/api-client';
import { paths } from '@/config/paths';
import { setSessionUser } from '@/lib/auth';
import type { MutationConfig } from '@/lib/react-query';
import type { DeleteAccountBody } from './types';

export const deleteAccountInputSchema = z.object({
  password: z.string().min(1, 'Bitte geben Sie Ihr Passwort ein.'),
});

export type DeleteAccountInput = z.infer<typeof deleteAccountInputSchema>;

/**
 * `DELETE /api/account` with `{password}`: 204, then the session is gone and the guard
 * opens the landing page; 409 for the last admin.
 */
export function deleteAccount(body: DeleteAccountBody): Promise<void> {
  return apiRequest<void>('/api/account', { method: 'DELETE', body });
}

export function useDeleteAccount({ mutationConfig }: { mutationConfig?: MutationConfig<typeof deleteAccount> } = {}) {
  const queryClient = useQueryClient();
  const { onSuccess, ...rest } = mutationConfig ?? {};
  return useMutation({
    retry: false,
    ...rest,
    mutationFn: deleteAccount,
    onSuccess: (data, ...args) => {
      onSuccess?.(data, ...args);
      setSessionUser(queryClient, null, { redirectTo: paths.home });
    },
  });
}
