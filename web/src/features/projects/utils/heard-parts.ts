import type { TimedSentence } from '@/lib/timed-text';
import type { HeardPart } from '../api/types';

/** The part heard at `ms` (the last one started by then), or null before the first. */
function partAt(parts: readonly HeardPart[], ms: number): HeardPart | null {
  let low = 0;
  let high = parts.length - 1;
  let found: HeardPart | null = null;
  while (low <= high) {
    const mid = (low + high) >>> 1;
    if (parts[mid].start_ms <= ms) {
      found = parts[mid];
      low = mid + 1;
    } else {
      high = mid - 1;
    }
  }
  return found;
}

/**
 * For each sentence of the chapter's transcript, whether its paragraph changed since the
 * audio was joined (its part is not `current`). A sentence belongs to the part its middle
 * is heard in, so timings a few milliseconds apart at a border do not move it. Null when
 * nothing changed (the transcript shows no marks).
 */
export function changedSentences(sentences: readonly TimedSentence[], parts: readonly HeardPart[]): boolean[] | null {
  if (!parts.some((part) => !part.current)) return null;
  const sorted = [...parts].sort((a, b) => a.start_ms - b.start_ms);
  return sentences.map((sentence) => partAt(sorted, (sentence.start_ms + sentence.end_ms) / 2)?.current === false);
}
