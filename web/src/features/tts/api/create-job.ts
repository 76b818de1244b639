import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';
import { authKeys, setSessionBalance } from '@/lib/auth';
import type { MutationConfig } from '@/lib/react-query';
import { MAX_TEXT_LENGTH, RATE_MAX, RATE_MIN } from '../utils/cost';
import { ttsKeys } from './keys';
import type { Job } from './types';

export const INCOMPLETE_TITLE = 'Eingabe unvollständig';
export const INCOMPLETE_MESSAGE = 'Bitte geben Sie Text ein und wählen Sie eine Stimme.';

/** Form schema of the generation form (shared by the form and the request). */
export const createJobInputSchema = z.object({
  text: z
    .string()
    .trim()
    .min(1, INCOMPLETE_MESSAGE)
    .max(MAX_TEXT_LENGTH, `Der Text darf höchstens ${MAX_TEXT_LENGTH} Zeichen lang sein.`),
  voice_id: z.string().min(1, INCOMPLETE_MESSAGE),
  rate: z.number().min(RATE_MIN).max(RATE_MAX),
});

export type CreateJobFormInput = z.input<typeof createJobInputSchema>;
export type CreateJobFormOutput = z.output<typeof createJobInputSchema>;

/** Request body of `POST /api/jobs`; `rate` only for voices that support it. */
export type CreateJobBody = { text: string; voice_id: string; rate?: number };

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
      queryClient.setQueryData<Job[]>(ttsKeys.jobList(), (jobs) =>
        jobs && !jobs.some((j) => j.id === data.job.id) ? [data.job, ...jobs] : jobs,
      );
      onSuccess?.(data, ...args);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ttsKeys.jobs() }),
        queryClient.invalidateQueries({ queryKey: authKeys.me() }),
      ]);
    },
  });
}
