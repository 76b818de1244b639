import { useEffect, type RefObject } from 'react';

/** Plays a Blob in a media element through an object URL, revoked when the Blob changes or the element goes. */
export function useBlobSource(ref: RefObject<HTMLMediaElement | null>, blob: Blob | null) {
  useEffect(() => {
    const el = ref.current;
    if (!el || !blob) return;
    const url = URL.createObjectURL(blob);
    el.src = url;
    return () => {
      el.removeAttribute('src');
      URL.revokeObjectURL(url);
    };
  }, [ref, blob]);
}
