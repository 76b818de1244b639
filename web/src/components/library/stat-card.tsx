import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card, CardContent } from '@/components/ui/card';

/** One figure with its label and an optional hint line. */
export function StatCard({ label, value, hint, icon: Icon, testId }: { label: string; value: ReactNode; hint?: ReactNode; icon: LucideIcon; testId?: string }) {
  return (
    <Card>
      <CardContent className="flex items-start gap-3 pt-5 sm:pt-6">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-primary-soft text-primary">
          <Icon className="size-5" aria-hidden="true" />
        </span>
        <div className="min-w-0">
          <p className="text-sm text-muted-foreground">{label}</p>
          <p className="text-2xl font-semibold tabular-nums tracking-tight" data-testid={testId}>
            {value}
          </p>
          {hint && <p className="text-xs text-muted-foreground">{hint}</p>}
        </div>
      </CardContent>
    </Card>
  );
}
