/** The speech-rate rule of the generation screen; the price rule lives in lib/limits.ts. */
export { normalizeRate, RATE_DEFAULT, RATE_MAX, RATE_MIN, RATE_STEP } from '@/lib/speech-rate';
