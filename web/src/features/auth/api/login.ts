import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { setSessionUser, type User } from '@/lib/auth';
import type { MutationConfig } from '@/lib/react-query';
import { authFeatureKeys } from './keys';
import type { LoginInput } from './schemas';

/** `POST /api/auth/login` → the signed-in user (the session cookie is set by the server). */
export function login(input: LoginInput): Promise<User> {
  return api.post<User>('/api/auth/login', input);
}

export function useLogin({ mutationConfig }: { mutationConfig?: MutationConfig<typeof login> } = {}) {
  const queryClient = useQueryClient();
  const { onSuccess, ...rest } = mutationConfig ?? {};
  return useMutation({
    mutationKey: authFeatureKeys.login(),
    // A failed sign-in must not be repeated silently (rate limits count failures).
    retry: false,
    ...rest,
    mutationFn: login,
    onSuccess: (user, ...args) => {
      setSessionUser(queryClient, user);
      onSuccess?.(user, ...args);
    },
  });
}
