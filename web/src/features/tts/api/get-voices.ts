import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { ttsKeys } from './keys';
import type { VoicesResponse } from './types';

/** `GET /api/voices` */
export function getVoices(): Promise<VoicesResponse> {
  return api.get<VoicesResponse>('/api/voices');
}

export const getVoicesQueryOptions = () =>
  queryOptions({
    queryKey: ttsKeys.voices(),
    queryFn: getVoices,
  });

export function useVoices() {
  return useQuery(getVoicesQueryOptions());
}
