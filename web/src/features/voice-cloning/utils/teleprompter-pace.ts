import { SCROLL_SPEED } from './wizard';

/**
 * The teleprompter's pace is a reading pace, not a pixel speed: at the default setting it
 * moves as fast as calm, clear German is read aloud (about 14 characters per second,
 * spaces and punctuation included), whatever the text size or the width of the box.
 */
export const DEFAULT_CHARS_PER_SECOND = 14;

/** Seconds the text stands still after the start, so the first line can be found. */
export const LEAD_IN_SECONDS = 2;

/**
 * Characters per second at a setting of 10–100 %. 50 % is the default pace; every 50 points
 * double or halve it (10 % ≈ 8, 100 % = 28), so each step feels the same and the slow end
 * is still a reading pace.
 */
export function charsPerSecond(speed: number): number {
  return DEFAULT_CHARS_PER_SECOND * 2 ** ((speed - SCROLL_SPEED.default) / 50);
}

/** The characters that take time to read: runs of white space (line breaks, indents) count once. */
export function readableLength(text: string): number {
  return Array.from(text.replace(/\s+/g, ' ').trim()).length;
}

/** Seconds it takes to read `text` aloud at a speed setting (the lead-in not included). */
export function readingSeconds(text: string, speed: number): number {
  return readableLength(text) / charsPerSecond(speed);
}

/** A reading time as the wizard says it: "etwa 14 Sekunden", "etwa 1:05 Minuten". */
export function formatReadingTime(seconds: number): string {
  if (!Number.isFinite(seconds) || seconds <= 0) return 'wenige Sekunden';
  const whole = Math.max(1, Math.round(seconds));
  if (whole < 60) return whole === 1 ? 'etwa 1 Sekunde' : `etwa ${whole} Sekunden`;
  // Past a minute, seconds are noise: five-second steps.
  const rounded = Math.round(seconds / 5) * 5;
  const minutes = Math.floor(rounded / 60);
  const rest = rounded % 60;
  if (rest === 0) return minutes === 1 ? 'etwa 1 Minute' : `etwa ${minutes} Minuten`;
  return `etwa ${minutes}:${String(rest).padStart(2, '0')} Minuten`;
}
