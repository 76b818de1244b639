import { api } from '@/lib/api-client';
import { voiceCloneUrls } from './keys';
import type { CloneVoice, TrainingAction } from './types';

/** `POST /api/voice-clones/{id}/training` with an action (start, check_status, cancel, reset). */
export function trainingAction(voiceId: string, action: TrainingAction): Promise<CloneVoice> {
  return api.post<CloneVoice>(voiceCloneUrls.training(voiceId), { action });
}
