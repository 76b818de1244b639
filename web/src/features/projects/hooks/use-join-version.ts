import { useState } from 'react';
import type { ChapterAudio } from '../api/types';

/**
 * Names the chapter's joined audio. Its address stays the same when the chapter is joined
 * again, and the browser keeps an answer for an hour: the player's source and the timings'
 * key carry this name, so a new join is fetched. It changes with the measured length and
 * with every new join seen here (`current` turning true again); while paragraphs change or
 * render it stays, and the player plays on.
 */
export function useJoinVersion(audio: ChapterAudio | null): string {
  const current = audio?.current ?? true;
  const [seen, setSeen] = useState({ current, joins: 0 });
  let joins = seen.joins;
  if (current !== seen.current) {
    if (current) joins += 1;
    // Adjusting state while rendering (React re-renders at once, before any child).
    setSeen({ current, joins });
  }
  return audio ? `${audio.duration_seconds}-${joins}` : '';
}

/** The chapter audio's address for the player: `url` with the join's name as `v`. */
export function versionedUrl(url: string, version: string): string {
  return version ? `${url}${url.includes('?') ? '&' : '?'}v=${encodeURIComponent(version)}` : url;
}
