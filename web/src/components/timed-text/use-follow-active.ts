import { useEffect, useRef, type RefObject } from 'react';

/** Room kept between the active sentence and the box's edge before the box scrolls. */
const MARGIN_PX = 8;

function prefersReducedMotion(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/**
 * Keeps the element marked `aria-current="true"` inside `box` visible as `active` changes:
 * once it leaves the visible part, the box scrolls it to a third from the top (what
 * follows stays in view). Only the box scrolls, never the page (`scrollIntoView` would
 * move every scrolling ancestor while the listener reads elsewhere); smoothly unless the
 * system asks for reduced motion. The first time (opened while it plays) it jumps: an
 * animation through hundreds of sentences only costs time.
 */
export function useFollowActive(box: RefObject<HTMLElement | null>, active: number) {
  const followed = useRef(false);
  useEffect(() => {
    const element = box.current;
    const target = element?.querySelector<HTMLElement>('[aria-current="true"]');
    if (!element || !target || active < 0) return;
    const frame = element.getBoundingClientRect();
    const rect = target.getBoundingClientRect();
    if (rect.top >= frame.top + MARGIN_PX && rect.bottom <= frame.bottom - MARGIN_PX) return;
    // A sentence taller than two thirds of the box starts at its top, so its beginning shows.
    const offset = rect.height > (element.clientHeight * 2) / 3 ? MARGIN_PX : element.clientHeight / 3;
    const top = Math.max(0, element.scrollTop + rect.top - frame.top - offset);
    const smooth = followed.current && !prefersReducedMotion();
    followed.current = true;
    element.scrollTo?.({ top, behavior: smooth ? 'smooth' : 'auto' });
  }, [box, active]);
}
