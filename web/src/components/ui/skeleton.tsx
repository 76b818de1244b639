import { cn } from '@/lib/cn';

/** A grey placeholder where content is about to appear; decorative (the region says it is busy). */
export function Skeleton({ className }: { className?: string }) {
  return <span aria-hidden="true" className={cn('block animate-pulse rounded-md bg-muted', className)} data-skeleton />;
}

/**
 * The shape of a list or card while its data loads (on a slow link it keeps the layout
 * steady instead of a bare "Lädt…"). The region is `aria-busy` and tells screen readers
 * what is loading through a polite status text.
 */
export function LoadingSkeleton({ label, rows = 3, className }: { label: string; rows?: number; className?: string }) {
  return (
    <div aria-busy="true" className={cn('flex flex-col gap-3', className)} data-testid="loading-skeleton">
      <span role="status" className="sr-only">
        {label}
      </span>
      {Array.from({ length: rows }, (_, i) => (
        <div key={i} className="flex items-center gap-3">
          <Skeleton className="size-9 shrink-0 rounded-full" />
          <div className="flex min-w-0 flex-1 flex-col gap-2">
            <Skeleton className={cn('h-4', i % 2 === 0 ? 'w-3/5' : 'w-2/5')} />
            <Skeleton className="h-3 w-4/5" />
          </div>
        </div>
      ))}
    </div>
  );
}
