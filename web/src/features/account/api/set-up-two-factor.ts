import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/react-query';
import type { TwoFactorSetup } from './types';

/**
 * `POST /api/account/two-factor/setup`: a new secret (replacing one not yet confirmed), its
 * otpauth URL and QR code; 409 `unavailable` when the server has no encryption key.
 */
export function setUpTwoFactor(): Promise<TwoFactorSetup> {
  return api.post<TwoFactorSetup>('/api/account/two-factor/setup');
}

export function useSetUpTwoFactor({ mutationConfig }: { mutationConfig?: MutationConfig<typeof setUpTwoFactor> } = {}) {
  return useMutation({
    // A repeat would replace the secret the person is scanning.
    retry: false,
    ...mutationConfig,
    mutationFn: setUpTwoFactor,
  });
}
