import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/react-query';
import { siteGateKeys } from './keys';

export type UnlockInput = { password: string };

/**
 * `POST /api/site-gate` → 204 and the gate cookie for this browser session; a wrong
 * password answers 422 (`fields.password`), the third one and every try while locked 429
 * `site_gate_wait` with `Retry-After`.
 */
export function unlockSite(input: UnlockInput): Promise<void> {
  return api.post<void>('/api/site-gate', input);
}

export function useUnlockSite({ mutationConfig }: { mutationConfig?: MutationConfig<typeof unlockSite> } = {}) {
  return useMutation({
    mutationKey: siteGateKeys.unlock(),
    // A repeated wrong try would count as another failure.
    retry: false,
    ...mutationConfig,
    mutationFn: unlockSite,
  });
}
