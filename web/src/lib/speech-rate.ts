/** Speech rate of the voices that support it (spec sections 5 and 9: Murf voices). */

export const RATE_MIN = 0.7;
export const RATE_MAX = 1.3;
export const RATE_STEP = 0.1;
export const RATE_DEFAULT = 0.9;

/** Keeps a slider value on the 0.1 grid inside the allowed range. */
export function normalizeRate(value: number): number {
  const clamped = Math.min(RATE_MAX, Math.max(RATE_MIN, value));
  return Math.round(clamped * 10) / 10;
}

const rateFormat = new Intl.NumberFormat('de-DE', { minimumFractionDigits: 1, maximumFractionDigits: 1 });

/** "0,9" */
export function formatRate(value: number): string {
  return rateFormat.format(value);
}
