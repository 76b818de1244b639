import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';
import { authKeys, type User } from '@/lib/auth';
import type { MutationConfig } from '@/lib/react-query';
import type { ProfileBody } from './types';

/** Same rules as the server: required, one line, at most 100 characters. */
export const NAME_MAX_CHARS = 100;

const line = (label: string) =>
  z
    .string()
    .trim()
    .min(1, `${label} ist erforderlich.`)
    .refine((v) => Array.from(v).length <= NAME_MAX_CHARS, `${label} darf höchstens ${NAME_MAX_CHARS} Zeichen lang sein.`);

export const profileInputSchema = z.object({
  name: line('Name'),
  organization: line('Organisation'),
});

export type ProfileInput = z.input<typeof profileInputSchema>;
export type ProfileOutput = z.output<typeof profileInputSchema>;

/** `PATCH /api/account`: changes name and organisation; answers the updated user. */
export function updateProfile(body: ProfileBody): Promise<User> {
  return api.patch<User>('/api/account', body);
}

export function useUpdateProfile({ mutationConfig }: { mutationConfig?: MutationConfig<typeof updateProfile> } = {}) {
  const queryClient = useQueryClient();
  const { onSuccess, ...rest } = mutationConfig ?? {};
  return useMutation({
    retry: false,
    ...rest,
    mutationFn: updateProfile,
    onSuccess: (user, ...args) => {
      // The top bar and the overview read the session: they show the new name at once.
      queryClient.setQueryData(authKeys.me(), user);
      onSuccess?.(user, ...args);
    },
  });
}
