import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { setSessionUser } from '@/lib/auth';
import type { MutationConfig } from '@/lib/react-query';

/**
 * `DELETE /api/account/sessions`: ends every session of the account, this one included;
 * the guard then opens the sign-in page.
 */
export function signOutEverywhere(): Promise<void> {
  return api.delete<void>('/api/account/sessions');
}

export function useSignOutEverywhere({ mutationConfig }: { mutationConfig?: MutationConfig<typeof signOutEverywhere> } = {}) {
  const queryClient = useQueryClient();
  const { onSuccess, ...rest } = mutationConfig ?? {};
  return useMutation({
    retry: false,
    ...rest,
    mutationFn: signOutEverywhere,
    onSuccess: (data, ...args) => {
      onSuccess?.(data, ...args);
      setSessionUser(queryClient, null);
    },
  });
}
