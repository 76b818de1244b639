/** Pauses after a paragraph or a chapter: the server's range, and how the fields read and write them. */

/** The longest pause after a paragraph or a chapter (the server's limit). */
export const PAUSE_MAX_MS = 10_000;

/** A paragraph's pause when it sets none (the server's default). */
export const PARAGRAPH_PAUSE_DEFAULT_MS = 700;

export const PAUSE_RANGE_MESSAGE = 'Die Pause muss zwischen 0 und 10 Sekunden liegen.';

const seconds = new Intl.NumberFormat('de-DE', { maximumFractionDigits: 2 });

/** "0,7 s" */
export function formatPause(ms: number): string {
  return `${seconds.format(ms / 1000)} s`;
}

/** The field's text of a pause in seconds: "0.7" (a number field's value, whatever the locale shows). */
export function pauseFieldValue(ms: number | null | undefined): string {
  return ms == null ? '' : String(ms / 1000);
}

/**
 * The pause a field's text names, in whole milliseconds: `{ ms }`, `{ ms: null }` for an
 * empty field, or `{ error }` outside 0 to 10 seconds. A comma is read as the decimal mark.
 */
export function parsePause(text: string): { ms: number | null; error?: undefined } | { ms?: undefined; error: string } {
  const trimmed = text.trim().replace(',', '.');
  if (trimmed === '') return { ms: null };
  const value = Number(trimmed);
  if (!Number.isFinite(value)) return { error: 'Bitte geben Sie die Pause in Sekunden an, z. B. 1,5.' };
  const ms = Math.round(value * 1000);
  if (ms < 0 || ms > PAUSE_MAX_MS) return { error: PAUSE_RANGE_MESSAGE };
  return { ms };
}
