/**
 * Timed text: when each sentence of an audio is spoken (and each word where the engine
 * tells). Used by every transcript (a job's audio now, a project's chapters later), so it
 * knows nothing of where the timings come from. The shapes are the contract's.
 */
import type { ApiTimedSentence, ApiTimedText, ApiTimedWord, ApiTimingPrecision } from './api-types';

/** One word as the engine spoke it (numbers written out, so it may differ from the written text). */
export type TimedWord = ApiTimedWord;
/** One sentence as it was written, with its words where the engine reports them. */
export type TimedSentence = ApiTimedSentence;
/** `measured`: every sentence start was reported; `estimated`: some follow the sentences' lengths. */
export type TimingPrecision = ApiTimingPrecision;
export type TimedText = ApiTimedText;

type Span = { start_ms: number; end_ms: number };

/**
 * The span being spoken at `ms` in spans sorted by start: the last one that has started,
 * so a pause between two sentences keeps the one just spoken (the highlight does not
 * flicker off and on between sentences). -1 before the first and after the last one ended.
 * A binary search: an audio book has thousands of sentences and this runs 4× a second.
 */
export function activeIndex(spans: readonly Span[], ms: number): number {
  let low = 0;
  let high = spans.length - 1;
  let found = -1;
  while (low <= high) {
    const mid = (low + high) >>> 1;
    if (spans[mid].start_ms <= ms) {
      found = mid;
      low = mid + 1;
    } else {
      high = mid - 1;
    }
  }
  if (found === spans.length - 1 && found >= 0 && ms >= spans[found].end_ms) return -1;
  return found;
}

const WORD_CHAR = /[\p{L}\p{N}]/u;

/** Where `needle` stands as a whole word in `text` from `from` on ("es" not inside "Test"), or -1. */
function findWord(text: string, needle: string, from: number): number {
  if (needle === '') return -1;
  for (let at = text.indexOf(needle, from); at >= 0; at = text.indexOf(needle, at + 1)) {
    const before = text[at - 1] ?? '';
    const after = text[at + needle.length] ?? '';
    if (!WORD_CHAR.test(before) && !WORD_CHAR.test(after)) return at;
  }
  return -1;
}

/** A piece of a sentence's text: a spoken word (its index in `words`) or what lies between. */
export type TextSegment = { text: string; word: number | null };

/**
 * The sentence's text cut at its words, so the word being spoken can be marked inside the
 * text as written. Words are looked up in order, ignoring case; a word the text does not
 * contain (a number the engine spoke as words) stays unmarked and the search goes on.
 */
export function wordSegments(sentence: TimedSentence): TextSegment[] {
  const text = sentence.text;
  const lower = text.toLocaleLowerCase('de-DE');
  // Lowercasing can change the length (rare letters); then only exact matches are safe.
  const haystack = lower.length === text.length ? lower : text;
  const segments: TextSegment[] = [];
  let cursor = 0;
  (sentence.words ?? []).forEach((word, index) => {
    const needle = haystack === lower ? word.text.toLocaleLowerCase('de-DE') : word.text;
    const at = findWord(haystack, needle, cursor);
    if (at < 0) return;
    if (at > cursor) segments.push({ text: text.slice(cursor, at), word: null });
    segments.push({ text: text.slice(at, at + needle.length), word: index });
    cursor = at + needle.length;
  });
  if (cursor < text.length) segments.push({ text: text.slice(cursor), word: null });
  return segments;
}
