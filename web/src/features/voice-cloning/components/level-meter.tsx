import { useId } from 'react';
import { cn } from '@/lib/cn';

/** The live microphone input level, 0–1, as an ARIA meter in percent. */
export function LevelMeter({ level, active }: { level: number; active: boolean }) {
  const labelId = useId();
  const percent = Math.round(Math.min(1, Math.max(0, level)) * 100);
  return (
    <div className="flex items-center gap-3">
      <span className="text-xs text-muted-foreground" id={labelId}>
        Eingangspegel
      </span>
      <div
        role="meter"
        aria-labelledby={labelId}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={active ? `${percent} Prozent` : 'Mikrofon aus'}
        className="h-2.5 flex-1 overflow-hidden rounded-full bg-muted"
        data-testid="level-meter"
        data-level={percent}
      >
        <div
          className={cn('h-full rounded-full transition-[width] duration-75', percent > 90 ? 'bg-destructive' : 'bg-success')}
          style={{ width: `${percent}%` }}
        />
      </div>
    </div>
  );
}
