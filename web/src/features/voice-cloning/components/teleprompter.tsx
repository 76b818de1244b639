import { useEffect, useRef } from 'react';
import { cn } from '@/lib/cn';
import { scrollPixelsPerSecond } from '../utils/wizard';

/**
 * The text to read, in the chosen size, scrolling upwards at the chosen speed while
 * `running` (and starting from the top again each time it starts).
 */
export function Teleprompter({
  text,
  textSize,
  scrollSpeed,
  running,
  className,
  label = 'Teleprompter',
  'data-testid': testId = 'teleprompter',
}: {
  text: string;
  textSize: number;
  scrollSpeed: number;
  running: boolean;
  className?: string;
  label?: string;
  'data-testid'?: string;
}) {
  const box = useRef<HTMLDivElement>(null);
  const speed = useRef(scrollSpeed);
  useEffect(() => {
    speed.current = scrollSpeed;
  }, [scrollSpeed]);

  useEffect(() => {
    const el = box.current;
    if (!el || !running) return;
    el.scrollTop = 0;
    let position = 0;
    let last = performance.now();
    let frame = requestAnimationFrame(function tick(now) {
      position += (scrollPixelsPerSecond(speed.current) * (now - last)) / 1000;
      last = now;
      el.scrollTop = position;
      frame = requestAnimationFrame(tick);
    });
    return () => {
      cancelAnimationFrame(frame);
      // Stopped: the text is readable from its start again.
      el.scrollTop = 0;
    };
  }, [running]);

  return (
    <div
      ref={box}
      // A scrollable region must be reachable by keyboard (axe: scrollable-region-focusable).
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
      tabIndex={0}
      role="region"
      aria-label={label}
      className={cn('h-48 overflow-y-auto rounded-lg border border-border bg-foreground/95 px-5 py-4 text-background', className)}
      data-testid={testId}
      data-running={running || undefined}
    >
      <p className="whitespace-pre-line leading-relaxed" style={{ fontSize: `${textSize}px` }}>
        {text}
      </p>
      {/* Room to scroll the last line up to the top. */}
      <div className="h-40" aria-hidden="true" />
    </div>
  );
}
