/** Business constants and the price rule of the generation screen (spec sections 5 and 9). */

import { countChars } from '@/lib/format';

export { countChars } from '@/lib/format';
export { normalizeRate, RATE_DEFAULT, RATE_MAX, RATE_MIN, RATE_STEP } from '@/lib/speech-rate';

export const MAX_TEXT_LENGTH = 5000;
export const CHARS_PER_CENT = 10;

/**
 * Cost in cents of a text: max(1, ceil(chars / 10)) of the trimmed text; 0 when the
 * trimmed text is empty (nothing can be generated).
 */
export function estimateCostCents(text: string): number {
  const chars = countChars(text.trim());
  if (chars === 0) return 0;
  return Math.max(1, Math.ceil(chars / CHARS_PER_CENT));
}
