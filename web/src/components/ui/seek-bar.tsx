import { useRef, type KeyboardEvent, type PointerEvent } from 'react';
import { cn } from '@/lib/cn';
import { formatClock } from '@/lib/format';

/** Seconds a key moves the position: arrows a little, page keys a lot. */
const KEY_STEPS: Record<string, number> = {
  ArrowLeft: -5,
  ArrowDown: -5,
  ArrowRight: 5,
  ArrowUp: 5,
  PageDown: -30,
  PageUp: 30,
};

export type SeekBarProps = {
  /** Position in seconds. */
  value: number;
  /** Length in seconds; `null` while unknown (nothing to seek in then). */
  max: number | null;
  onSeek: (seconds: number) => void;
  disabled?: boolean;
  label?: string;
  'data-testid'?: string;
};

/**
 * A player's position as an ARIA slider: a click or a drag (mouse, pen, touch) moves to that
 * point, the keys move by 5 s (arrows), 30 s (page keys), or to the start and end (Home, End).
 * A screen reader hears the position as "1:05 von 4:30".
 */
export function SeekBar({ value, max, onSeek, disabled = false, label = 'Position', ...rest }: SeekBarProps) {
  const track = useRef<HTMLDivElement>(null);
  const total = max ?? 0;
  const off = disabled || total <= 0;
  const percent = total > 0 ? Math.min(100, Math.max(0, (value / total) * 100)) : 0;

  const seekToPointer = (event: PointerEvent<HTMLDivElement>) => {
    const rect = track.current?.getBoundingClientRect();
    if (!rect || rect.width <= 0) return;
    onSeek(Math.min(1, Math.max(0, (event.clientX - rect.left) / rect.width)) * total);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const step = KEY_STEPS[event.key];
    const target = event.key === 'Home' ? 0 : event.key === 'End' ? total : step !== undefined ? value + step : null;
    if (target === null) return;
    event.preventDefault();
    onSeek(Math.min(total, Math.max(0, target)));
  };

  return (
    <div
      role="slider"
      tabIndex={disabled ? -1 : 0}
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={Math.floor(total)}
      aria-valuenow={Math.floor(Math.min(value, total))}
      aria-valuetext={max === null ? `${formatClock(value)}, Länge unbekannt` : `${formatClock(value)} von ${formatClock(max)}`}
      aria-disabled={off || undefined}
      onKeyDown={off ? undefined : onKeyDown}
      onPointerDown={(event) => {
        if (off || event.button !== 0) return;
        // Captured, the drag goes on outside the bar; `touch-none` keeps a finger from scrolling the page.
        event.currentTarget.setPointerCapture(event.pointerId);
        seekToPointer(event);
      }}
      onPointerMove={(event) => {
        if (!off && event.currentTarget.hasPointerCapture(event.pointerId)) seekToPointer(event);
      }}
      className={cn(
        'group flex h-8 min-w-16 flex-1 touch-none items-center rounded-md px-2 outline-none',
        'focus-visible:ring-2 focus-visible:ring-ring/50',
        off ? 'cursor-not-allowed opacity-50' : 'cursor-pointer',
      )}
      {...rest}
    >
      <div ref={track} className="relative h-1.5 w-full rounded-full bg-muted-foreground/25">
        <div className="absolute inset-y-0 left-0 rounded-full bg-primary" style={{ width: `${percent}%` }} />
        <div
          className="absolute top-1/2 size-3.5 -translate-x-1/2 -translate-y-1/2 rounded-full border-2 border-card bg-primary shadow-sm transition-transform group-hover:scale-110 group-focus-visible:scale-125"
          style={{ left: `${percent}%` }}
        />
      </div>
    </div>
  );
}
