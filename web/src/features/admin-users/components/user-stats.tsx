import { Building2, Euro, UserPlus, Users } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card } from '@/components/ui/card';
import { formatEuroFromCents } from '@/lib/format';
import type { UserStats as Stats } from '../api/types';

function StatCard({ label, value, icon, testId }: { label: string; value: string; icon: ReactNode; testId: string }) {
  return (
    <Card className="flex items-center gap-4 p-4 sm:p-5" data-testid={testId}>
      <span className="hidden size-10 shrink-0 items-center sm:flex justify-center rounded-lg bg-primary-soft text-accent-foreground [&_svg]:size-5">
        {icon}
      </span>
      <div className="min-w-0">
        <p className="text-sm text-muted-foreground">{label}</p>
        <p className="truncate text-xl font-semibold sm:text-2xl tracking-tight" data-testid={`${testId}-value`}>
          {value}
        </p>
      </div>
    </Card>
  );
}

/** The four figures above the list; they count every account, not only the searched ones. */
export function UserStats({ stats }: { stats: Stats }) {
  const number = (n: number) => n.toLocaleString('de-DE');
  return (
    <section aria-label="Kennzahlen" className="grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4">
      <StatCard label="Benutzer gesamt" value={number(stats.total_users)} icon={<Users aria-hidden="true" />} testId="stat-users" />
      <StatCard
        label="Gesamtumsatz"
        value={formatEuroFromCents(stats.total_balance_cent)}
        icon={<Euro aria-hidden="true" />}
        testId="stat-balance"
      />
      <StatCard
        label="Organisationen"
        value={number(stats.organizations)}
        icon={<Building2 aria-hidden="true" />}
        testId="stat-organizations"
      />
      <StatCard
        label="Neu diesen Monat"
        value={number(stats.new_this_month)}
        icon={<UserPlus aria-hidden="true" />}
        testId="stat-new"
      />
    </section>
  );
}
