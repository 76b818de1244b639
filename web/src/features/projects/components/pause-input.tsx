import { forwardRef, type InputHTMLAttributes } from 'react';
import { Input } from '@/components/ui/input';
import { cn } from '@/lib/cn';
import { PAUSE_MAX_MS } from '../utils/pause';

/** A pause in seconds (0 to 10, in tenths), with "s" after it. */
export const PauseInput = forwardRef<HTMLInputElement, Omit<InputHTMLAttributes<HTMLInputElement>, 'type'>>(function PauseInput({ className, ...props }, ref) {
  return (
    <span className="relative inline-flex w-28">
      <Input ref={ref} type="number" inputMode="decimal" min={0} max={PAUSE_MAX_MS / 1000} step={0.1} className={cn('pr-7', className)} {...props} />
      <span aria-hidden="true" className="pointer-events-none absolute inset-y-0 right-3 flex items-center text-sm text-muted-foreground">
        s
      </span>
    </span>
  );
});
