import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { setSessionUser } from '@/lib/auth';
import type { MutationConfig } from '@/lib/react-query';
import type { SignedOutEverywhere } from './types';

/**
 * `DELETE /api/account/sessions`: ends every session of the account, this one included,
 * and revokes every API key; answers how many, with a German sentence. The guard then
 * opens the sign-in page.
 */
export function signOutEverywhere(): Promise<SignedOutEverywhere> {
  return api.delete<SignedOutEverywhere>('/api/account/sessions');
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
