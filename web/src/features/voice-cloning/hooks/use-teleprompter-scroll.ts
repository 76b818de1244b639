import { useEffect, useRef, useState, type RefObject } from 'react';
import { TeleprompterMotion, type TeleprompterLayout } from '../utils/teleprompter-motion';
import { charsPerSecond } from '../utils/teleprompter-pace';

/** After the reader's last wheel turn, key press or swipe, the motion waits this long before it takes over again. */
export const STEER_QUIET_MS = 700;

/** Keys that scroll a focused box. */
const SCROLL_KEYS = new Set(['ArrowUp', 'ArrowDown', 'PageUp', 'PageDown', 'Home', 'End', ' ']);

/**
 * Scrolls `box` through the text in `textEl` at a reading pace while `running`: a lead-in
 * first, then `chars` characters in their reading time at `speed` (10–100 %). While `paused`
 * nothing moves (the lead-in waits too). The reader may scroll by hand at any time: the
 * motion keeps still while they do and then goes on from where they left the text. Each
 * start begins at the top again; a stop scrolls back to the top.
 */
export function useTeleprompterScroll({
  box,
  textEl,
  chars,
  speed,
  running,
  paused,
}: {
  box: RefObject<HTMLElement | null>;
  textEl: RefObject<HTMLElement | null>;
  chars: number;
  speed: number;
  running: boolean;
  paused: boolean;
}): { leadIn: boolean } {
  const [leadIn, setLeadIn] = useState(false);
  // Read by the running animation without restarting it (the preview's sliders move while it runs).
  const live = useRef({ chars, speed, paused });
  useEffect(() => {
    live.current = { chars, speed, paused };
  }, [chars, speed, paused]);

  useEffect(() => {
    const el = box.current;
    const text = textEl.current;
    if (!el || !text || !running) return;
    const motion = new TeleprompterMotion();
    const layout = (): TeleprompterLayout => ({
      textTop: text.offsetTop,
      textHeight: text.offsetHeight,
      viewport: el.clientHeight,
      maxScroll: Math.max(0, el.scrollHeight - el.clientHeight),
    });
    el.scrollTop = 0;
    // What the animation last set: any other position was the reader's doing.
    let written = el.scrollTop;
    let held = false;
    let quietFrom = 0;
    let showingLeadIn = false;
    const steering = () => held || performance.now() < quietFrom;
    const steer = () => {
      quietFrom = performance.now() + STEER_QUIET_MS;
    };

    const onScroll = () => {
      // Momentum and smooth scrolling go on after the gesture: they count as steering too.
      if (steering() || Math.abs(el.scrollTop - written) > 1) steer();
    };
    const onKey = (e: KeyboardEvent) => {
      if (SCROLL_KEYS.has(e.key)) steer();
    };
    const onPointerDown = () => {
      held = true;
    };
    const onPointerUp = () => {
      if (!held) return;
      held = false;
      steer();
    };
    el.addEventListener('scroll', onScroll, { passive: true });
    el.addEventListener('wheel', steer, { passive: true });
    el.addEventListener('touchmove', steer, { passive: true });
    el.addEventListener('keydown', onKey);
    el.addEventListener('pointerdown', onPointerDown);
    // On the window: a scrollbar drag may end outside the box.
    window.addEventListener('pointerup', onPointerUp);
    window.addEventListener('pointercancel', onPointerUp);

    let last = performance.now();
    let frame = requestAnimationFrame(function tick() {
      const now = performance.now();
      const seconds = (now - last) / 1000;
      last = now;
      const { chars: length, speed: pace, paused: halted } = live.current;
      if (!halted && !steering()) {
        const box = layout();
        // Scrolled by hand (while paused, say): go on from there.
        if (Math.abs(el.scrollTop - written) > 1) motion.follow(el.scrollTop, box);
        motion.advance(seconds, charsPerSecond(pace), length);
        el.scrollTop = motion.scrollTop(box);
        written = el.scrollTop;
      } else if (!halted) {
        // The reader reads on while steering; where they end up decides the place afterwards.
        motion.advance(seconds, charsPerSecond(pace), length);
      }
      if (motion.inLeadIn !== showingLeadIn) {
        showingLeadIn = motion.inLeadIn;
        setLeadIn(showingLeadIn);
      }
      frame = requestAnimationFrame(tick);
    });

    return () => {
      cancelAnimationFrame(frame);
      el.removeEventListener('scroll', onScroll);
      el.removeEventListener('wheel', steer);
      el.removeEventListener('touchmove', steer);
      el.removeEventListener('keydown', onKey);
      el.removeEventListener('pointerdown', onPointerDown);
      window.removeEventListener('pointerup', onPointerUp);
      window.removeEventListener('pointercancel', onPointerUp);
      setLeadIn(false);
      // Stopped: the text is readable from its start again.
      el.scrollTop = 0;
    };
  }, [box, textEl, running]);

  return { leadIn: running && leadIn };
}
