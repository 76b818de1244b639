import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/react-query';
import { refreshAfterWrite } from './get-users';
import type { AdminUser, UserUpdate } from './types';

export const userUpdateSchema = z.object({
  name: z.string().trim().min(1, 'Bitte geben Sie einen Namen ein.'),
  organization: z.string().trim().min(1, 'Bitte geben Sie eine Organisation ein.'),
  role: z.enum(['user', 'admin']),
  disabled: z.boolean(),
});

export type UserUpdateFormInput = z.input<typeof userUpdateSchema>;
export type UserUpdateFormOutput = z.output<typeof userUpdateSchema>;

/** `PATCH /api/admin/users/{id}`; 409 when an admin changes his own role or sign-in. */
export function updateUser({ id, change }: { id: string; change: UserUpdate }): Promise<AdminUser> {
  return api.patch<AdminUser>(`/api/admin/users/${encodeURIComponent(id)}`, change);
}

export function useUpdateUser({ mutationConfig }: { mutationConfig?: MutationConfig<typeof updateUser> } = {}) {
  const queryClient = useQueryClient();
  const { onSuccess, ...rest } = mutationConfig ?? {};
  return useMutation({
    ...rest,
    mutationFn: updateUser,
    onSuccess: (user, ...args) => {
      void refreshAfterWrite(queryClient);
      onSuccess?.(user, ...args);
    },
  });
}
