import { Bot, CalendarDays, KeyRound, Wallet } from 'lucide-react';
import { DailyChart } from '@/components/library/daily-chart';
import { StatCard, StatGrid } from '@/components/library/stat-card';
import { ButtonLink } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { PageHeader } from '@/components/ui/page-header';
import { paths } from '@/config/paths';
import { formatEuroFromCents } from '@/lib/format';
import { useLibraryStats } from '@/lib/library';
import { useApiKeys } from '../api/keys';
import { RecentApiJobs } from '../components/recent-api-jobs';

/** Requests today and in all, the last 30 days, the newest API jobs. */
export function ApiDashboardPage() {
  const stats = useLibraryStats({ refetchInterval: 15_000 });
  const keys = useApiKeys();
  const n = (v: number | undefined) => (v ?? 0).toLocaleString('de-DE');
  const daily = stats.data?.daily ?? [];
  return (
    <>
      <PageHeader
        title="API Dashboard"
        description="Nutzung der Entwickler-API."
        actions={
          <ButtonLink to={paths.api.settings} variant="outline">
            Schlüssel verwalten
          </ButtonLink>
        }
      />
      <div className="flex flex-col gap-6">
        <StatGrid loading={stats.isPending}>
          <StatCard label="API-Anfragen heute" value={n(stats.data?.api_requests_today)} icon={CalendarDays} testId="api-stat-today" />
          <StatCard label="API-Anfragen gesamt" value={n(stats.data?.api_requests)} icon={Bot} testId="api-stat-total" />
          <StatCard label="Guthaben" value={formatEuroFromCents(stats.data?.balance_cent ?? 0)} icon={Wallet} testId="api-stat-balance" />
          <StatCard label="Aktive Schlüssel" value={n(keys.data?.filter((k) => !k.revoked_at).length)} icon={KeyRound} testId="api-stat-keys" />
        </StatGrid>
        <Card>
          <CardHeader>
            <CardTitle>Letzte 30 Tage</CardTitle>
          </CardHeader>
          <CardContent>
            <DailyChart
              title="API-Anfragen und Kosten (alle Aufträge) pro Tag"
              days={daily.map((d) => d.day)}
              series={[
                { name: 'API-Anfragen', values: daily.map((d) => d.api_requests), color: 'var(--color-primary)', format: (v) => v.toLocaleString('de-DE') },
                { name: 'Kosten', values: daily.map((d) => d.cost_cent), color: '#10b981', format: formatEuroFromCents },
              ]}
            />
          </CardContent>
        </Card>
        <RecentApiJobs />
      </div>
    </>
  );
}
