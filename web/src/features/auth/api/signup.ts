import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { ApiMessage } from '@/lib/api-types';
import type { MutationConfig } from '@/lib/react-query';
import { authFeatureKeys } from './keys';
import type { SignupInput } from './schemas';

export type SignupResponse = ApiMessage;

/** `POST /api/auth/signup`; the server sends the confirmation e-mail. */
export function signup(input: SignupInput): Promise<SignupResponse> {
  return api.post<SignupResponse>('/api/auth/signup', input);
}

export function useSignup({ mutationConfig }: { mutationConfig?: MutationConfig<typeof signup> } = {}) {
  return useMutation({
    mutationKey: authFeatureKeys.signup(),
    retry: false,
    ...mutationConfig,
    mutationFn: signup,
  });
}
