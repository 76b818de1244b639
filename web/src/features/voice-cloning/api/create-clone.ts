import { api } from '@/lib/api-client';
import { voiceCloneUrls } from './keys';
import type { CloneVoice, CreateCloneBody } from './types';

/** `POST /api/voice-clones` → 201, the new clone (status training_needed). */
export function createClone(body: CreateCloneBody): Promise<CloneVoice> {
  return api.post<CloneVoice>(voiceCloneUrls.root, body);
}
