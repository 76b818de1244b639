import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { voiceCloneKeys, voiceCloneUrls } from './keys';
import type { CloneSetup } from './types';

/** `GET /api/voice-clones/setup`: engine, training texts, limits and the consent statement. */
export function getCloneSetup(): Promise<CloneSetup> {
  return api.get<CloneSetup>(voiceCloneUrls.setup);
}

export const cloneSetupQueryOptions = () => queryOptions({ queryKey: voiceCloneKeys.setup(), queryFn: getCloneSetup });

export function useCloneSetup() {
  return useQuery(cloneSetupQueryOptions());
}
