import { Skeleton } from '@/components/ui/skeleton';

/** Lines of text about to appear while the timings load; the region tells screen readers what is loading. */
export function TranscriptSkeleton() {
  return (
    <div aria-busy="true" className="flex flex-col gap-2 rounded-lg border border-border bg-card px-3 py-3" data-testid="transcript-loading">
      <span role="status" className="sr-only">
        Transkript wird geladen…
      </span>
      <Skeleton className="h-4 w-full" />
      <Skeleton className="h-4 w-11/12" />
      <Skeleton className="h-4 w-3/5" />
    </div>
  );
}
