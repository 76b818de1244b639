import { useEffect, useState, type RefObject } from 'react';

/** Far beyond the end of any recording: seeking there makes the browser read the whole file. */
const FAR_PAST_THE_END = 1e101;

/**
 * Plays a Blob in a media element through an object URL, revoked when the Blob changes or
 * the element goes. Returns the Blob's length in seconds once the element knows it.
 *
 * Chrome's MediaRecorder writes WebM without a length in its header, so the element reports
 * `duration = Infinity`: the controls show no length and the timeline cannot be used. A seek
 * far past the end makes Chrome read the file to its end and learn the real length; then the
 * element goes back to the start. Browsers that know the length at once skip this.
 */
export function useBlobSource(ref: RefObject<HTMLMediaElement | null>, blob: Blob | null): number | null {
  const [known, setKnown] = useState<{ blob: Blob; seconds: number } | null>(null);
  useEffect(() => {
    const el = ref.current;
    if (!el || !blob) return;
    const url = URL.createObjectURL(blob);
    let probing = false;
    const settle = () => {
      const seconds = el.duration;
      if (Number.isNaN(seconds)) return;
      if (seconds === Infinity) {
        if (!probing) {
          probing = true;
          el.currentTime = FAR_PAST_THE_END;
        }
        return;
      }
      if (probing) {
        probing = false;
        el.currentTime = 0;
      }
      setKnown({ blob, seconds });
    };
    el.addEventListener('loadedmetadata', settle);
    el.addEventListener('durationchange', settle);
    el.src = url;
    return () => {
      el.removeEventListener('loadedmetadata', settle);
      el.removeEventListener('durationchange', settle);
      el.removeAttribute('src');
      URL.revokeObjectURL(url);
    };
  }, [ref, blob]);
  return known?.blob === blob ? known.seconds : null;
}
