import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api, isApiError } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/react-query';
import { demoTextLength, INCOMPLETE_MESSAGE, tooLongMessage } from '../utils/limits';
import { demoKeys } from './keys';
import type { DemoConfig } from './types';

/** Form schema of the demo form; `maxChars` comes from `GET /api/demo`. */
export function demoSpeechSchema(maxChars: number) {
  return z.object({
    text: z
      .string()
      .trim()
      .superRefine((text, ctx) => {
        const chars = demoTextLength(text);
        if (chars === 0) ctx.addIssue({ code: 'custom', message: INCOMPLETE_MESSAGE });
        else if (chars > maxChars) ctx.addIssue({ code: 'custom', message: tooLongMessage(maxChars, chars) });
      }),
    voice_id: z.string().min(1, INCOMPLETE_MESSAGE),
    rate: z.number(),
  });
}

export type DemoSpeechFormInput = z.input<ReturnType<typeof demoSpeechSchema>>;
export type DemoSpeechFormOutput = z.output<ReturnType<typeof demoSpeechSchema>>;

/** Request body of `POST /api/demo/speech`; `rate` only for voices that support it. */
export type DemoSpeechBody = { text: string; voice_id: string; rate?: number };

export type DemoSpeechResult = {
  /** The MP3 (`audio/mpeg`). */
  blob: Blob;
  /** Tries left today (`X-Demo-Remaining`), or null when the header is missing. */
  remaining: number | null;
};

export const REMAINING_HEADER = 'X-Demo-Remaining';

function parseRemaining(value: string | null): number | null {
  if (value === null || value.trim() === '') return null;
  const n = Number(value);
  return Number.isFinite(n) && n >= 0 ? Math.floor(n) : null;
}

/** `POST /api/demo/speech` → the MP3 and the tries left. */
export async function createDemoSpeech(body: DemoSpeechBody): Promise<DemoSpeechResult> {
  const { blob, headers } = await api.postBlob('/api/demo/speech', body);
  return { blob, remaining: parseRemaining(headers.get(REMAINING_HEADER)) };
}

/**
 * Only a busy server (503) is asked again: after a network error or an engine failure
 * the try may have been counted, and an engine failure would only repeat slowly.
 */
export function shouldRetryDemoSpeech(failureCount: number, error: unknown): boolean {
  return failureCount < 2 && isApiError(error) && error.status === 503;
}

/** Stores the tries left in the cached demo config. */
function setRemaining(config: DemoConfig | undefined, remaining: number | null): DemoConfig | undefined {
  if (!config) return config;
  const next = remaining ?? Math.max(0, config.remaining - 1);
  return { ...config, remaining: next };
}

export function useCreateDemoSpeech({ mutationConfig }: { mutationConfig?: MutationConfig<typeof createDemoSpeech> } = {}) {
  const queryClient = useQueryClient();
  const { onSuccess, onError, ...rest } = mutationConfig ?? {};
  return useMutation({
    retry: shouldRetryDemoSpeech,
    ...rest,
    mutationFn: createDemoSpeech,
    onSuccess: (data, ...args) => {
      queryClient.setQueryData<DemoConfig>(demoKeys.config(), (config) => setRemaining(config, data.remaining));
      onSuccess?.(data, ...args);
    },
    onError: (error, ...args) => {
      if (isApiError(error) && error.code === 'demo_limit') {
        queryClient.setQueryData<DemoConfig>(demoKeys.config(), (config) => setRemaining(config, 0));
      }
      onError?.(error, ...args);
    },
  });
}
