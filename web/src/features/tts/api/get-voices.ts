import { useQuery } from '@tanstack/react-query';
import { voiceListQueryOptions } from '@/lib/voices';

/** `GET /api/voices`; the query (and its cache) is shared with every screen that lists voices. */
export function useVoices() {
  return useQuery(voiceListQueryOptions());
}
