import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { ApiSaveCategory, ApiSaved } from '@/lib/api-types';
import { authKeys, setSessionBalance } from '@/lib/auth';
import type { MutationConfig } from '@/lib/react-query';
import { ttsKeys } from './keys';

/**
 * What a saved audio is for (the spec's fixed keys; the API calls the field `category`).
 * Not the library's categories: those are the user's own tree, chosen separately.
 */
export type SavePurpose = ApiSaveCategory;

/** The save dialog's purposes, in German. */
export const SAVE_PURPOSES: Array<{ value: SavePurpose; label: string }> = [
  { value: 'audio', label: 'Audio' },
  { value: 'podcast', label: 'Podcast' },
  { value: 'voiceover', label: 'Voiceover' },
  { value: 'training', label: 'Training' },
  { value: 'demo', label: 'Demo' },
];

/** What "Dauerhaft speichern" costs once (spec section 9). */
export const SAVE_PRICE_CENT = 25;

export type SaveJobVariables = { jobId: string; purpose: SavePurpose };

/** `POST /api/library/audios/{id}/save`: keeps the audio for good (0,25 €). */
export function saveJob({ jobId, purpose }: SaveJobVariables): Promise<ApiSaved> {
  return api.post<ApiSaved>(`/api/library/audios/${encodeURIComponent(jobId)}/save`, { category: purpose });
}

export function useSaveJob({ mutationConfig }: { mutationConfig?: MutationConfig<typeof saveJob> } = {}) {
  const queryClient = useQueryClient();
  const { onSuccess, ...rest } = mutationConfig ?? {};
  return useMutation({
    ...rest,
    retry: false,
    mutationFn: saveJob,
    onSuccess: async (data, ...args) => {
      setSessionBalance(queryClient, data.balance_cent);
      onSuccess?.(data, ...args);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ttsKeys.jobs() }),
        queryClient.invalidateQueries({ queryKey: authKeys.me() }),
      ]);
    },
  });
}
