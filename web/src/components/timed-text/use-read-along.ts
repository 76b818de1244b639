import { useCallback, useRef, useState } from 'react';
import type { AudioPlayerControls } from '@/components/ui/audio-player';

/**
 * The wiring between one AudioPlayer and the Transcript that follows it: the player reports
 * its position (`onTimeUpdate`), the transcript reads it (`time`), and a chosen sentence
 * starts the player from there (`playFrom`). Kept in the caller that shows both, so a
 * position update re-renders only the player and the transcript, not the whole list or
 * editor around them. Used by a job's "Mitlesen" and a project chapter's player.
 */
export function useReadAlong() {
  const [time, setTime] = useState(0);
  const controlRef = useRef<AudioPlayerControls>(null);
  const playFrom = useCallback((seconds: number) => {
    controlRef.current?.seek(seconds);
    void controlRef.current?.play();
  }, []);
  return { time, onTimeUpdate: setTime, controlRef, playFrom };
}
