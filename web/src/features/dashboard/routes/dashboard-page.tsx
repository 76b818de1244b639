import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { DailyChart } from '@/components/library/daily-chart';
import { LoadErrorAlert } from '@/components/ui/load-error-alert';
import { PageHeader } from '@/components/ui/page-header';
import { formatEuroFromCents } from '@/lib/format';
import { useLibraryStats } from '@/lib/library';
import { DashboardStats } from '../components/dashboard-stats';
import { GeneratedAudios } from '../components/generated-audios';

/** Where every sign-in lands: figures, the last 30 days, and the generated audios. */
export function DashboardPage() {
  const stats = useLibraryStats({ refetchInterval: 30_000 });
  return (
    <>
      <PageHeader title="Dashboard" description="Ihre Nutzung, Kosten und Audios auf einen Blick." />
      <div className="flex flex-col gap-6">
        {stats.isError && <LoadErrorAlert title="Statistik konnte nicht geladen werden" error={stats.error} onRetry={() => void stats.refetch()} />}
        <DashboardStats stats={stats.data} loading={stats.isPending} />
        <Card>
          <CardHeader>
            <CardTitle>Letzte 30 Tage</CardTitle>
          </CardHeader>
          <CardContent>
            {stats.data && (
              <DailyChart
                title="Zeichen und Kosten pro Tag"
                days={stats.data.daily.map((d) => d.day)}
                series={[
                  { name: 'Zeichen', values: stats.data.daily.map((d) => d.characters), color: 'var(--color-primary)', format: (v) => v.toLocaleString('de-DE') },
                  { name: 'Kosten', values: stats.data.daily.map((d) => d.cost_cent), color: '#10b981', format: formatEuroFromCents },
                ]}
              />
            )}
          </CardContent>
        </Card>
        <GeneratedAudios />
      </div>
    </>
  );
}
