import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';
import { authKeys, setSessionBalance } from '@/lib/auth';
import type { MutationConfig } from '@/lib/react-query';
import { textLength, tooLongMessage } from '@/lib/limits';
import { RATE_MAX, RATE_MIN } from '../utils/cost';
import { mapJobPages, type JobPages } from './get-jobs';
import { ttsKeys } from './keys';
import type { Job } from './types';

export const INCOMPLETE_TITLE = 'Eingabe unvollständig';
export const INCOMPLETE_MESSAGE = 'Bitte geben Sie Text ein und wählen Sie eine Stimme.';
/** What is missing, named: the spec's message when both are. */
export const NO_VOICE_MESSAGE = 'Bitte wählen Sie eine Stimme.';
export const NO_TEXT_MESSAGE = 'Bitte geben Sie Text ein.';

/**
 * Form schema of the generation form; `maxChars` is the server's `text_max_chars`. Length is
 * counted like the server: Unicode code points of the trimmed text.
 */
export function createJobInputSchema(maxChars: number) {
  return z.object({
    text: z
      .string()
      .trim()
      .superRefine((text, ctx) => {
        const chars = textLength(text);
        if (chars === 0) ctx.addIssue({ code: 'custom', message: INCOMPLETE_MESSAGE });
        else if (chars > maxChars) ctx.addIssue({ code: 'too_big', origin: 'string', maximum: maxChars, message: tooLongMessage(maxChars, chars) });
      }),
    voice_id: z.string().min(1, INCOMPLETE_MESSAGE),
    rate: z.number().min(RATE_MIN).max(RATE_MAX),
    /** Optional: file the audio under this category ('' = none). */
    category_id: z.string(),
    /** Optional: comma-separated tag names. */
    tags: z.string(),
  });
}

export type CreateJobFormInput = z.input<ReturnType<typeof createJobInputSchema>>;
export type CreateJobFormOutput = z.output<ReturnType<typeof createJobInputSchema>>;

/** Request body of `POST /api/jobs`; `rate` only for voices that support it. */
export type CreateJobBody = { text: string; voice_id: string; rate?: number; category_id?: string; tags?: string[] };

/** "a, b ,, c" → ["a", "b", "c"]: trimmed, empties dropped. */
export function splitTags(input: string): string[] {
  return input
    .split(',')
    .map((t) => t.trim())
    .filter((t) => t !== '');
}

export type CreateJobResponse = { job: Job; balance_cent: number };

export type CreateJobVariables = { body: CreateJobBody; idempotencyKey: string };

export function newIdempotencyKey(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}-${Math.random().toString(36).slice(2)}`;
}

/**
 * `POST /api/jobs`. The idempotency key is chosen once per submit, so an automatic
 * retry of the same request never charges twice.
 */
export function createJob({ body, idempotencyKey }: CreateJobVariables): Promise<CreateJobResponse> {
  return api.post<CreateJobResponse>('/api/jobs', body, { headers: { 'Idempotency-Key': idempotencyKey } });
}

export function useCreateJob({ mutationConfig }: { mutationConfig?: MutationConfig<typeof createJob> } = {}) {
  const queryClient = useQueryClient();
  const { onSuccess, ...rest } = mutationConfig ?? {};
  return useMutation({
    ...rest,
    mutationFn: createJob,
    onSuccess: async (data, ...args) => {
      setSessionBalance(queryClient, data.balance_cent);
      queryClient.setQueryData<JobPages>(ttsKeys.jobList(), (pages) =>
        mapJobPages(pages, (jobs, i) => (i === 0 && !jobs.some((j) => j.id === data.job.id) ? [data.job, ...jobs] : jobs)),
      );
      onSuccess?.(data, ...args);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ttsKeys.jobs() }),
        queryClient.invalidateQueries({ queryKey: authKeys.me() }),
      ]);
    },
  });
}
