import { useEffect, useRef, useState, type RefObject, type SyntheticEvent } from 'react';
import { toast } from 'sonner';
import { api } from './api-client';

/** The speeds a listener can choose; 1 is the default. */
export const PLAYBACK_RATES = [0.75, 1, 1.25, 1.5, 2] as const;

const PLAYBACK_ERROR_TOAST = 'playback-error';

/** A failed playback says so in one toast: repeated clicks replace it instead of stacking more. */
export function reportPlaybackError() {
  toast.error('Wiedergabefehler', { id: PLAYBACK_ERROR_TOAST, description: 'Die Audio-Datei konnte nicht abgespielt werden.' });
}

/**
 * The one element of the page that may sound. Module state rather than a React context, so
 * players in different lists, cards and dialogs (portals) agree without a provider around
 * all of them: an element that starts pauses the one before.
 */
let sounding: HTMLMediaElement | null = null;

function claim(element: HTMLMediaElement) {
  if (sounding && sounding !== element) sounding.pause();
  sounding = element;
}

function release(element: HTMLMediaElement) {
  if (sounding !== element) return;
  sounding = null;
  element.pause();
}

/** A usable length: finite and above zero (a recording's WebM says Infinity until it was played through). */
function usableDuration(seconds: number | null | undefined): number | null {
  return typeof seconds === 'number' && Number.isFinite(seconds) && seconds > 0 ? seconds : null;
}

/** Whether the element can go to `seconds` now (it has the metadata, and the position is seekable). */
function canSeek(element: HTMLMediaElement, seconds: number): boolean {
  if (element.readyState < 1) return false;
  const ranges = element.seekable;
  for (let i = 0; i < ranges.length; i += 1) if (ranges.start(i) <= seconds && seconds <= ranges.end(i)) return true;
  return false;
}

/**
 * A file served without HTTP range requests (the API's file store) is a stream to Chrome,
 * which cannot seek in it: every seek lands at 0:00. Then the whole file is fetched once and
 * played from memory, where every position can be reached. `load` resolves false on failure.
 */
function useWholeFile(src: string | null | undefined) {
  const [url, setUrl] = useState<string | null>(null);
  const loading = useRef(false);
  useEffect(() => () => void (url && URL.revokeObjectURL(url)), [url]);
  const load = async (): Promise<boolean> => {
    // Object URLs (a demo, a recording) are seekable already.
    if (!src || src.startsWith('blob:') || url || loading.current) return true;
    loading.current = true;
    try {
      setUrl(URL.createObjectURL(await api.blob(src)));
      return true;
    } catch {
      return false;
    } finally {
      loading.current = false;
    }
  };
  return { url, load };
}

export type AudioPlayerOptions = {
  src?: string | null;
  /** The length the server measured, shown before the media is loaded; the media's own wins once known. */
  knownDuration?: number | null;
  onEnded?: () => void;
  /** Every new position in seconds (playing, or a seek): for a transcript that follows along. */
  onTimeUpdate?: (seconds: number) => void;
  /** The caller's ref to the element, for a caller that sets the source itself (a Blob's object URL). */
  mediaRef?: RefObject<HTMLAudioElement | null>;
};

/**
 * State and commands of one `<audio>` element: play/pause, position, length and speed.
 * Spread `audioProps` on the element. With `preload="none"` nothing loads before the first
 * play, so a seek before that is kept and made once the metadata arrived.
 */
export function useAudioPlayer({ src, knownDuration = null, onEnded, onTimeUpdate, mediaRef }: AudioPlayerOptions = {}) {
  const ownRef = useRef<HTMLAudioElement | null>(null);
  const audioRef = mediaRef ?? ownRef;
  const [playing, setPlaying] = useState(false);
  const [time, setTime] = useState(0);
  const [mediaDuration, setMediaDuration] = useState<number | null>(null);
  const [rate, setRateState] = useState(1);
  // The listener asked for sound: errors are reported only then, and the next click pauses.
  const wanted = useRef(false);
  // A position the element cannot take yet (not loaded, or a stream being replaced by the whole file).
  const pendingSeek = useRef<number | null>(null);
  // Play on once the whole file replaced the stream (a new source stops the element).
  const resume = useRef(false);
  const whole = useWholeFile(src);
  const duration = mediaDuration ?? usableDuration(knownDuration);

  useEffect(() => {
    const element = audioRef.current;
    return () => {
      if (element) release(element);
    };
  }, [audioRef]);

  // Told from the event handlers, not an effect: the listener learns a position in the same
  // render pass as the player's own display.
  const moved = (seconds: number) => {
    setTime(seconds);
    onTimeUpdate?.(seconds);
  };

  const stopped = () => {
    wanted.current = false;
    setPlaying(false);
  };

  const failed = () => {
    stopped();
    reportPlaybackError();
  };

  const play = async (element: HTMLAudioElement) => {
    wanted.current = true;
    claim(element);
    try {
      await element.play();
      if (wanted.current) setPlaying(true);
    } catch (error) {
      // Paused (or replaced) while it was still loading: not an error.
      if (error instanceof DOMException && error.name === 'AbortError') return;
      failed();
    }
  };

  const toggle = async () => {
    const element = audioRef.current;
    if (!element) return;
    resume.current = !wanted.current;
    if (!wanted.current) return play(element);
    element.pause();
    stopped();
  };

  /** Plays unless it already does (a transcript's "Ab hier abspielen" after a seek). */
  const start = async () => {
    const element = audioRef.current;
    if (!element || wanted.current) return;
    resume.current = true;
    return play(element);
  };

  /** Moves the element to `seconds`, or keeps the position until it can. */
  const place = (element: HTMLAudioElement, seconds: number) => {
    pendingSeek.current = seconds;
    if (element.readyState < 1) return;
    if (canSeek(element, seconds)) {
      element.currentTime = seconds;
      pendingSeek.current = null;
      return;
    }
    resume.current = wanted.current;
    void whole.load().then((ok) => {
      if (ok) return;
      pendingSeek.current = null;
      failed();
    });
  };

  const seek = (to: number) => {
    const element = audioRef.current;
    if (!element || duration === null) return;
    const next = Math.min(duration, Math.max(0, to));
    moved(next);
    place(element, next);
  };

  const setRate = (next: number) => {
    setRateState(next);
    const element = audioRef.current;
    if (!element) return;
    // A new load resets playbackRate to defaultPlaybackRate: set both so the choice stays.
    element.defaultPlaybackRate = next;
    element.playbackRate = next;
  };

  const loaded = (event: SyntheticEvent<HTMLAudioElement>) => {
    const element = event.currentTarget;
    const real = usableDuration(element.duration);
    if (real !== null) setMediaDuration(real);
    const target = pendingSeek.current;
    if (target === null || element.readyState < 1) return;
    place(element, target);
    if (pendingSeek.current !== null || whole.url === null || !resume.current) return;
    resume.current = false;
    // At the very end there is nothing left to play (and play() would start over at 0:00).
    if (target < element.duration - 0.1) void play(element);
  };

  const audioProps = {
    ref: audioRef,
    src: whole.url ?? src ?? undefined,
    onPlay: (event: SyntheticEvent<HTMLAudioElement>) => {
      wanted.current = true;
      claim(event.currentTarget);
      setPlaying(true);
    },
    onPause: stopped,
    onEnded: () => {
      stopped();
      onEnded?.();
    },
    onTimeUpdate: (event: SyntheticEvent<HTMLAudioElement>) => {
      if (pendingSeek.current === null) moved(event.currentTarget.currentTime);
    },
    onLoadedMetadata: loaded,
    onDurationChange: loaded,
    onError: () => {
      if (wanted.current) failed();
    },
  };

  return { audioProps, playing, time, duration, rate, toggle, start, seek, setRate };
}
