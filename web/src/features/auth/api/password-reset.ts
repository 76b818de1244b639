import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { ApiEmailBody, ApiMessage } from '@/lib/api-types';
import type { MutationConfig } from '@/lib/react-query';
import { authFeatureKeys } from './keys';

/**
 * `POST /api/auth/password-reset`: the server mails a single-use link to `/auth/reset`
 * (if the address has an account) and answers 202 with the same message either way.
 */
export function requestPasswordReset(input: ApiEmailBody): Promise<ApiMessage> {
  return api.post<ApiMessage>('/api/auth/password-reset', input);
}

export function useRequestPasswordReset({
  mutationConfig,
}: { mutationConfig?: MutationConfig<typeof requestPasswordReset> } = {}) {
  return useMutation({
    mutationKey: authFeatureKeys.passwordReset(),
    // Each request sends a mail and counts against the hourly limit: never repeated silently.
    retry: false,
    ...mutationConfig,
    mutationFn: requestPasswordReset,
  });
}
