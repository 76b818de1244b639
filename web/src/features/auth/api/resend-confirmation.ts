import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { ApiEmailBody, ApiMessage } from '@/lib/api-types';
import type { MutationConfig } from '@/lib/react-query';
import { authFeatureKeys } from './keys';

/**
 * `POST /api/auth/confirmation`: mails the confirmation link again (if the address has an
 * unconfirmed account) and answers 202 with the same message either way.
 */
export function resendConfirmation(input: ApiEmailBody): Promise<ApiMessage> {
  return api.post<ApiMessage>('/api/auth/confirmation', input);
}

export function useResendConfirmation({
  mutationConfig,
}: { mutationConfig?: MutationConfig<typeof resendConfirmation> } = {}) {
  return useMutation({
    mutationKey: authFeatureKeys.confirmation(),
    // Each request sends a mail and counts against the hourly limit: never repeated silently.
    retry: false,
    ...mutationConfig,
    mutationFn: resendConfirmation,
  });
}
