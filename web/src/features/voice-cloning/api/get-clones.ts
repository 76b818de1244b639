import { keepPreviousData, queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { voiceKeys } from '@/lib/voices';
import { type CloneFilters, voiceCloneKeys, voiceCloneUrls } from './keys';
import type { CloneList, CloneVoice } from './types';

/** While a voice trains, the list looks again this often (spec: job lists poll every 5 s). */
const TRAINING_REFRESH_MS = 5_000;
/** The stuck-training card looks again this often (spec: 30 s). */
const STUCK_REFRESH_MS = 30_000;

export function getClones({ search, status }: CloneFilters): Promise<CloneList> {
  const query = new URLSearchParams();
  if (search.trim() !== '') query.set('search', search.trim());
  if (status !== 'all') query.set('status', status);
  const suffix = query.size > 0 ? `?${query.toString()}` : '';
  return api.get<CloneList>(`${voiceCloneUrls.root}${suffix}`);
}

const training = (voices: CloneVoice[] | undefined) => voices?.some((v) => v.status === 'training_in_progress') ?? false;

export const getClonesQueryOptions = (filters: CloneFilters) =>
  queryOptions({
    queryKey: voiceCloneKeys.list(filters),
    queryFn: () => getClones(filters),
    placeholderData: keepPreviousData,
    refetchInterval: (query) => (training(query.state.data?.voices) ? TRAINING_REFRESH_MS : false),
  });

/** `GET /api/voice-clones`: own clones and global ones of others, with the four cards. */
export function useClones(filters: CloneFilters) {
  return useQuery(getClonesQueryOptions(filters));
}

/** `GET /api/voice-clones/stuck`: own trainings running longer than expected. */
export function useStuckClones() {
  return useQuery({
    queryKey: voiceCloneKeys.stuck(),
    queryFn: () => api.get<CloneVoice[]>(voiceCloneUrls.stuck),
    refetchInterval: STUCK_REFRESH_MS,
  });
}

/** After any change of a clone: the lists, the stuck card and the voice pickers are out of date. */
export async function refreshClones(queryClient: QueryClient) {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: voiceCloneKeys.all }),
    queryClient.invalidateQueries({ queryKey: voiceKeys.all }),
  ]);
}
