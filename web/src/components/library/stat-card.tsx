import type { LucideIcon } from 'lucide-react';
import { createContext, useContext, type HTMLAttributes, type ReactNode } from 'react';
import { Card, CardContent } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/cn';

/** Whether the figures of the surrounding StatGrid are still loading. */
const StatsLoading = createContext(false);

/**
 * One figure with its label and an optional hint line. Compact on a phone (no icon, a
 * smaller figure) so that four cards make a 2×2 grid above the fold; the figure never
 * breaks ("14,98 €" stays on one line). While its grid loads, a placeholder stands in for
 * the figure instead of a misleading "0".
 */
export function StatCard({ label, value, hint, icon: Icon, testId }: { label: string; value: ReactNode; hint?: ReactNode; icon: LucideIcon; testId?: string }) {
  const loading = useContext(StatsLoading);
  return (
    <Card className="min-w-0">
      <CardContent className="flex items-start gap-3 p-3 sm:p-6">
        <span className="hidden size-10 shrink-0 items-center justify-center rounded-full bg-primary-soft text-primary sm:flex">
          <Icon className="size-5" aria-hidden="true" />
        </span>
        <div className="min-w-0">
          <p className="text-xs text-muted-foreground sm:text-sm">{label}</p>
          {loading ? (
            <Skeleton className="my-1 h-5 w-16 sm:h-7 sm:w-24" />
          ) : (
            <p className="whitespace-nowrap text-lg font-semibold tabular-nums tracking-tight sm:text-2xl" data-testid={testId}>
              {value}
            </p>
          )}
          {hint && !loading && <p className="text-xs text-muted-foreground">{hint}</p>}
        </div>
      </CardContent>
    </Card>
  );
}

/**
 * The row of stat cards above a screen: two columns from the phone on, four from 1280 px
 * (three with `columns={3}`). `loading`: the region is busy, says so to screen readers,
 * and its cards show placeholders.
 */
export function StatGrid({
  columns = 4,
  loading = false,
  className,
  children,
  ...props
}: HTMLAttributes<HTMLElement> & { columns?: 3 | 4; loading?: boolean }) {
  return (
    <section
      aria-label="Kennzahlen"
      aria-busy={loading || undefined}
      className={cn('grid grid-cols-2 gap-3 sm:gap-4', columns === 4 ? 'xl:grid-cols-4' : 'lg:grid-cols-3', className)}
      {...props}
    >
      {loading && (
        <span role="status" className="sr-only">
          Kennzahlen werden geladen…
        </span>
      )}
      <StatsLoading.Provider value={loading}>{children}</StatsLoading.Provider>
    </section>
  );
}
