import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/react-query';
import { adminApiSettingsKeys } from './keys';
import type { ReauthResponse } from './types';

export const reauthInputSchema = z.object({
  password: z.string().min(1, 'Bitte geben Sie Ihr Passwort ein.'),
});

export type ReauthInput = z.infer<typeof reauthInputSchema>;

/** `POST /api/admin/reauth`: confirms the admin's password for the next 10 minutes. */
export function reauth(input: ReauthInput): Promise<ReauthResponse> {
  return api.post<ReauthResponse>('/api/admin/reauth', input);
}

export function useReauth({ mutationConfig }: { mutationConfig?: MutationConfig<typeof reauth> } = {}) {
  const queryClient = useQueryClient();
  const { onSuccess, ...rest } = mutationConfig ?? {};
  return useMutation({
    ...rest,
    mutationFn: reauth,
    onSuccess: async (data, ...args) => {
      onSuccess?.(data, ...args);
      // Stays pending until the list is loaded, so the gate does not flash.
      await queryClient.invalidateQueries({ queryKey: adminApiSettingsKeys.services() });
    },
  });
}
