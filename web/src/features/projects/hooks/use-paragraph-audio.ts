import { useSyncExternalStore } from 'react';
import { api } from '@/lib/api-client';
import { reportPlaybackError } from '@/lib/use-audio-player';

/**
 * One paragraph (or one take of it) heard on its own, through one `<audio>` element of the
 * open chapter (`ParagraphAudio`), so starting another stops the one before. The element
 * is in the page: starting it pauses the chapter player, which keeps its position (see
 * `keepOnePlayerAtATime`), and starting the chapter player pauses it.
 *
 * Module state, like the player's `sounding`: a paragraph's button re-renders only when its
 * own sound starts or stops, not the thousands of paragraphs around it.
 */
type Sound = { key: string; phase: 'loading' | 'playing' };

let element: HTMLAudioElement | null = null;
let sound: Sound | null = null;
let objectUrl: string | null = null;
const listeners = new Set<() => void>();

function set(next: Sound | null) {
  sound = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function forget() {
  if (objectUrl) URL.revokeObjectURL(objectUrl);
  objectUrl = null;
}

/** The element the sounds play through; the function returned lets go of it (any sound stops). */
export function attachParagraphAudio(next: HTMLAudioElement | null): (() => void) | undefined {
  if (!next) return undefined;
  element = next;
  return () => {
    next.pause();
    if (element !== next) return;
    element = null;
    set(null);
    forget();
  };
}

/**
 * The element paused or ended on its own (or another player started): nothing plays. Only
 * a sound that plays stops so; the pause of the one before, while the next one loads, does not.
 */
export function paragraphAudioStopped(target: HTMLAudioElement, ended = false): void {
  if (target === element && sound?.phase === 'playing' && (ended || target.paused)) set(null);
}

/**
 * Plays `url` as the sound `key`, or stops it when it is the one playing. The file is asked
 * for anew each time (`no-cache`): a paragraph's address stays when it gets another take.
 */
export async function toggleParagraphAudio(key: string, url: string): Promise<void> {
  const audio = element;
  if (!audio) return;
  if (sound?.key === key) {
    audio.pause();
    set(null);
    return;
  }
  audio.pause();
  set({ key, phase: 'loading' });
  try {
    const blob = await api.blob(url, { cache: 'no-cache' });
    // Another sound was chosen (or this one stopped) while the file loaded.
    if (sound?.key !== key || element !== audio) return;
    forget();
    objectUrl = URL.createObjectURL(blob);
    audio.src = objectUrl;
    await audio.play();
    if (sound?.key === key) set({ key, phase: 'playing' });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') return;
    if (sound?.key === key) set(null);
    reportPlaybackError();
  }
}

/** 'loading' or 'playing' while the sound `key` is on, else null. */
export function useParagraphSound(key: string): Sound['phase'] | null {
  return useSyncExternalStore(subscribe, () => (sound?.key === key ? sound.phase : null));
}
