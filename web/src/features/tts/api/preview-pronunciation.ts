import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { ApiNormalized } from '@/lib/api-types';

export type PronunciationPreview = ApiNormalized;

/** `POST /api/pronunciation/preview`: the text as the chosen voice's engine will read it. */
export function previewPronunciation(body: { text: string; voice_id?: string; language?: string }): Promise<PronunciationPreview> {
  return api.post<PronunciationPreview>('/api/pronunciation/preview', body);
}

export function usePronunciationPreview() {
  return useMutation({ mutationFn: previewPronunciation });
}
