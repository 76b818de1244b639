import type { HTMLAttributes } from 'react';
import { cn } from '@/lib/cn';

export type ProgressProps = Omit<HTMLAttributes<HTMLDivElement>, 'role'> & {
  /** Current value between `min` and `max`. */
  value: number;
  min?: number;
  max?: number;
  /** Accessible name, e.g. "Fortschritt des Assistenten". */
  label: string;
  /** Spoken value, e.g. "Schritt 2 von 7" (defaults to the percentage). */
  valueText?: string;
};

/** A determinate progress bar (role=progressbar with aria-valuenow/min/max). */
export function Progress({ value, min = 0, max = 100, label, valueText, className, ...props }: ProgressProps) {
  const clamped = Math.min(max, Math.max(min, value));
  const percent = max > min ? ((clamped - min) / (max - min)) * 100 : 0;
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={min}
      aria-valuemax={max}
      aria-valuenow={clamped}
      aria-valuetext={valueText}
      className={cn('h-2 w-full overflow-hidden rounded-full bg-muted', className)}
      {...props}
    >
      <div className="h-full rounded-full bg-primary transition-[width] duration-300" style={{ width: `${percent}%` }} />
    </div>
  );
}
