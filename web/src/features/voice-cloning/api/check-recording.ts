import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { voiceCloneUrls } from './keys';
import { recordingFileName } from './recording-file';
import type { RecordingCheck } from './types';

/**
 * `POST /api/voice-clones/check-recording` (multipart `file`): duration and level, or a 422
 * with the German reason (too short, too long, silent, …). Nothing is stored.
 */
export function checkRecording(blob: Blob): Promise<RecordingCheck> {
  const form = new FormData();
  form.append('file', blob, recordingFileName(blob));
  return api.postForm<RecordingCheck>(voiceCloneUrls.checkRecording, form);
}

export function useCheckRecording() {
  return useMutation({ mutationFn: checkRecording, retry: false });
}
