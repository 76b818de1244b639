import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { ApiMessage } from '@/lib/api-types';
import type { MutationConfig } from '@/lib/react-query';
import { authFeatureKeys } from './keys';
import type { LoginLinkInput } from './schemas';

export type LoginLinkResponse = ApiMessage;

/**
 * `POST /api/auth/login-link`: the server mails a one-time sign-in link (if the address has
 * an account) and answers 202 with the same message either way.
 */
export function requestLoginLink(input: LoginLinkInput): Promise<LoginLinkResponse> {
  return api.post<LoginLinkResponse>('/api/auth/login-link', input);
}

export function useRequestLoginLink({
  mutationConfig,
}: { mutationConfig?: MutationConfig<typeof requestLoginLink> } = {}) {
  return useMutation({
    mutationKey: authFeatureKeys.loginLink(),
    // Each request sends a mail and counts against the hourly limit: never repeated silently.
    retry: false,
    ...mutationConfig,
    mutationFn: requestLoginLink,
  });
}
