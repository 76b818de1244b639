import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { saveBlob, withQueryParam } from '@/lib/download';
import type { MutationConfig } from '@/lib/react-query';
import { audioFileName } from '@/lib/filename';
import type { Job } from './types';

/** `GET /api/jobs/{id}/audio?download=1` → saved as `<sanitized text>.mp3`. */
export async function downloadJobAudio(job: Pick<Job, 'id' | 'text' | 'audio_url'>): Promise<void> {
  const url = job.audio_url ?? `/api/jobs/${encodeURIComponent(job.id)}/audio`;
  const blob = await api.blob(withQueryParam(url, 'download', '1'));
  saveBlob(blob, audioFileName(job.text));
}

export function useDownloadJobAudio({ mutationConfig }: { mutationConfig?: MutationConfig<typeof downloadJobAudio> } = {}) {
  return useMutation({ ...mutationConfig, mutationFn: downloadJobAudio });
}
