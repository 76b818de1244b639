import { api } from '@/lib/api-client';
import { voiceCloneUrls } from './keys';
import type { CloneVoice, UpdateCloneBody } from './types';

/** `PATCH /api/voice-clones/{id}`: name, description, tags. */
export function updateClone(id: string, body: UpdateCloneBody): Promise<CloneVoice> {
  return api.patch<CloneVoice>(voiceCloneUrls.voice(id), body);
}

/** `DELETE /api/voice-clones/{id}`: the clone, its recordings and files, the provider's voice. */
export function deleteClone(id: string): Promise<void> {
  return api.delete(voiceCloneUrls.voice(id));
}

/** `POST /api/voice-clones/{id}/pay`: a paused clone's open fee, which resumes it. */
export function payClone(id: string): Promise<CloneVoice> {
  return api.post<CloneVoice>(voiceCloneUrls.pay(id));
}
