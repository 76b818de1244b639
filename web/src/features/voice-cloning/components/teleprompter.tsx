import { useRef } from 'react';
import { cn } from '@/lib/cn';
import { useTeleprompterScroll } from '../hooks/use-teleprompter-scroll';
import { readableLength } from '../utils/teleprompter-pace';

/**
 * The text to read, in the chosen size, scrolling upwards at a reading pace while `running`
 * (from the top again each time it starts, after a short lead-in). While `paused` it holds
 * still; the reader may scroll back or ahead by hand at any time.
 */
export function Teleprompter({
  text,
  textSize,
  scrollSpeed,
  running,
  paused = false,
  className,
  label = 'Teleprompter',
  'data-testid': testId = 'teleprompter',
}: {
  text: string;
  textSize: number;
  scrollSpeed: number;
  running: boolean;
  paused?: boolean;
  className?: string;
  label?: string;
  'data-testid'?: string;
}) {
  const box = useRef<HTMLDivElement>(null);
  const textEl = useRef<HTMLParagraphElement>(null);
  const { leadIn } = useTeleprompterScroll({
    box,
    textEl,
    chars: readableLength(text),
    speed: scrollSpeed,
    running,
    paused: running && paused,
  });
  const notice = !running ? null : paused ? 'Angehalten' : leadIn ? 'Gleich geht’s los…' : null;

  return (
    <div className={cn('relative', className)}>
      <div
        ref={box}
        // A scrollable region must be reachable by keyboard (axe: scrollable-region-focusable);
        // with the focus on it the arrow keys scroll the text back.
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
        tabIndex={0}
        role="region"
        aria-label={label}
        // `relative`: the text's offsetTop is measured from the box.
        className="relative h-48 overflow-y-auto rounded-lg border border-border bg-foreground/95 px-5 py-4 text-background"
        data-testid={testId}
        data-running={running || undefined}
        data-paused={(running && paused) || undefined}
        data-lead-in={leadIn || undefined}
      >
        <p ref={textEl} className="whitespace-pre-line leading-relaxed" style={{ fontSize: `${textSize}px` }} data-testid={`${testId}-text`}>
          {text}
        </p>
        {/* Room to scroll the last line up to the reading line. */}
        <div className="h-40" aria-hidden="true" />
      </div>
      {notice && (
        // Outside the scrolled box, on its top border over the padding: it covers no line.
        <span
          className="pointer-events-none absolute -top-3 right-4 rounded-full bg-primary px-3 py-0.5 text-sm font-medium text-primary-foreground shadow"
          data-testid={`${testId}-notice`}
        >
          {notice}
        </span>
      )}
    </div>
  );
}
