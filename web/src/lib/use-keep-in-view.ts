import { useEffect } from 'react';

/**
 * While `element` is on screen, a growth that pushes its bottom below the window scrolls
 * it back into view. A job just created is shown small (queued) and grows when it
 * finishes (player, "Mitlesen", save button): on a phone the grown row ended below the
 * window the user was looking at. A row the user has scrolled away from is left alone.
 */
export function useKeepInView(element: HTMLElement | null) {
  useEffect(() => {
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => {
      const rect = element.getBoundingClientRect();
      const onScreen = rect.top < window.innerHeight && rect.bottom > 0;
      if (onScreen && rect.bottom > window.innerHeight) element.scrollIntoView?.({ block: 'nearest' });
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [element]);
}
