import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './api-client';
import type { ApiLimits } from './api-types';
import { countChars } from './format';

/** `GET /api/limits`: the server's business limits; the web app hard-codes none of them. */
export type Limits = ApiLimits;

export const limitsKeys = {
  all: ['limits'] as const,
};

export function getLimits(): Promise<Limits> {
  return api.get<Limits>('/api/limits');
}

export const getLimitsQueryOptions = () =>
  queryOptions({
    queryKey: limitsKeys.all,
    queryFn: getLimits,
    // The limits change only with a server deploy.
    staleTime: Infinity,
  });

export function useLimits() {
  return useQuery(getLimitsQueryOptions());
}

/** Characters as the server counts them: Unicode code points of the trimmed text. */
export function textLength(text: string): number {
  return countChars(text.trim());
}

/**
 * Cost in cents of a text: max(min_cost_cent, ceil(chars / chars_per_cent)) of the trimmed
 * text; 0 when the trimmed text is empty (nothing can be generated).
 */
export function estimateCostCents(text: string, limits: Pick<Limits, 'chars_per_cent' | 'min_cost_cent'>): number {
  const chars = textLength(text);
  if (chars === 0) return 0;
  return Math.max(limits.min_cost_cent, Math.ceil(chars / limits.chars_per_cent));
}

export const TOO_LONG_TITLE = 'Text zu lang';

export function tooLongMessage(maxChars: number, chars: number): string {
  return `Maximale Länge: ${maxChars} Zeichen. Aktuell: ${chars} Zeichen.`;
}
