/** Business constants and the price rule of the generation screen (spec sections 5 and 9). */

export const MAX_TEXT_LENGTH = 5000;
export const CHARS_PER_CENT = 10;
export const RATE_MIN = 0.7;
export const RATE_MAX = 1.3;
export const RATE_STEP = 0.1;
export const RATE_DEFAULT = 0.9;

/** Unicode characters (code points), as the server counts them. */
export function countChars(text: string): number {
  return Array.from(text).length;
}

/**
 * Cost in cents of a text: max(1, ceil(chars / 10)) of the trimmed text; 0 when the
 * trimmed text is empty (nothing can be generated).
 */
export function estimateCostCents(text: string): number {
  const chars = countChars(text.trim());
  if (chars === 0) return 0;
  return Math.max(1, Math.ceil(chars / CHARS_PER_CENT));
}

/** Keeps a slider value on the 0.1 grid inside the allowed range. */
export function normalizeRate(value: number): number {
  const clamped = Math.min(RATE_MAX, Math.max(RATE_MIN, value));
  return Math.round(clamped * 10) / 10;
}
