import { LoaderCircle } from 'lucide-react';
import { cn } from '@/lib/cn';

export type SpinnerProps = {
  className?: string;
  /** Accessible text; `null` for a purely decorative spinner (e.g. inside a busy button). */
  label?: string | null;
};

export function Spinner({ className, label = 'Lädt...' }: SpinnerProps) {
  return (
    <span role={label ? 'status' : undefined} className="inline-flex items-center">
      <LoaderCircle aria-hidden="true" className={cn('size-5 animate-spin text-current', className)} />
      {label && <span className="sr-only">{label}</span>}
    </span>
  );
}

/** A centred loading indicator for a whole screen or section. */
export function LoadingScreen({ label = 'Lädt...', className }: { label?: string; className?: string }) {
  return (
    <div className={cn('flex min-h-[40vh] flex-col items-center justify-center gap-3 text-muted-foreground', className)}>
      <Spinner className="size-8 text-primary" label={null} />
      <p role="status" className="text-sm">
        {label}
      </p>
    </div>
  );
}
