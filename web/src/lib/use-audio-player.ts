import { useCallback, useRef, useState, type SyntheticEvent } from 'react';
import { toast } from 'sonner';

/**
 * One `<audio>` element that plays one of several sources (job rows, the demo result):
 * `toggle(id, src)` plays or pauses, a newer click replaces the source, `stop` releases it.
 * Spread `audioProps` on the element.
 */
export function useAudioPlayer({ onError }: { onError: () => void }) {
  const audioRef = useRef<HTMLAudioElement>(null);
  const currentRef = useRef<string | null>(null);
  const [playingId, setPlaying] = useState<string | null>(null);
  const playingRef = useRef<string | null>(null);
  const setPlayingId = useCallback((id: string | null) => {
    playingRef.current = id;
    setPlaying(id);
  }, []);

  const toggle = useCallback(
    async (id: string, src?: string) => {
      const audio = audioRef.current;
      if (!audio) return;
      if (currentRef.current === id && playingRef.current === id) {
        audio.pause();
        setPlayingId(null);
        return;
      }
      if (currentRef.current !== id) {
        if (src) audio.src = src;
        currentRef.current = id;
      }
      try {
        await audio.play();
        if (currentRef.current === id) setPlayingId(id);
      } catch (error) {
        // A newer click replaced the source while this one was loading: not an error.
        if (error instanceof DOMException && error.name === 'AbortError') return;
        setPlayingId(null);
        onError();
      }
    },
    [onError, setPlayingId],
  );

  /** Stops playback (of `id` only, when given) and forgets the source. */
  const stop = useCallback((id?: string) => {
    const audio = audioRef.current;
    if (id !== undefined && currentRef.current !== id) return;
    audio?.pause();
    currentRef.current = null;
    setPlayingId(null);
  }, [setPlayingId]);

  const audioProps = {
    ref: audioRef,
    onPlay: () => setPlayingId(currentRef.current),
    onPause: () => setPlayingId(null),
    onEnded: () => setPlayingId(null),
    onError: (_event: SyntheticEvent<HTMLAudioElement>) => {
      if (!currentRef.current) return;
      setPlayingId(null);
      onError();
    },
  };

  return { playingId, toggle, stop, audioProps };
}

const PLAYBACK_ERROR_TOAST = 'playback-error';

/**
 * The player of the audio lists (TTS jobs, dashboard, knowledge base): a failed playback
 * says so in one toast (repeated clicks do not stack them), and `toggleJob` plays a job's
 * audio once it has one.
 */
export function useJobAudioPlayer() {
  const onError = useCallback(
    () => toast.error('Wiedergabefehler', { id: PLAYBACK_ERROR_TOAST, description: 'Audio konnte nicht abgespielt werden.' }),
    [],
  );
  const player = useAudioPlayer({ onError });
  const toggleJob = (job: { id: string; audio_url?: string | null }) => {
    if (job.audio_url) void player.toggle(job.id, job.audio_url);
  };
  return { ...player, toggleJob };
}
