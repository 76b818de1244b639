import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { ApiConfirmBody } from '@/lib/api-types';
import type { MutationConfig } from '@/lib/react-query';
import { authFeatureKeys } from './keys';

/**
 * `POST /api/auth/confirm` → 204. Confirms an address that was signed up with more than
 * once: the mailed link's token and the password of the last sign-up.
 */
export function confirmEmail(input: ApiConfirmBody): Promise<void> {
  return api.post<void>('/api/auth/confirm', input);
}

export function useConfirmEmail({ mutationConfig }: { mutationConfig?: MutationConfig<typeof confirmEmail> } = {}) {
  return useMutation({
    mutationKey: authFeatureKeys.confirmWithPassword(),
    retry: false,
    ...mutationConfig,
    mutationFn: confirmEmail,
  });
}
