import { api } from '@/lib/api-client';
import { voiceCloneUrls } from './keys';
import { recordingFileName } from './recording-file';
import type { CloneSample, UploadSampleBody } from './types';

/** `POST /api/voice-clones/{id}/samples` (multipart `file`, `kind`, `step`, optional `transcript`). */
export function uploadSample(voiceId: string, { file, kind, step, transcript }: UploadSampleBody): Promise<CloneSample> {
  const form = new FormData();
  form.append('file', file, recordingFileName(file));
  form.append('kind', kind);
  form.append('step', String(step));
  if (transcript) form.append('transcript', transcript);
  return api.postForm<CloneSample>(voiceCloneUrls.samples(voiceId), form);
}
