import { Bot, Euro, FileAudio, Wallet } from 'lucide-react';
import { StatCard, StatGrid } from '@/components/library/stat-card';
import { formatEuroFromCents } from '@/lib/format';
import type { Stats } from '@/lib/library';

/** API requests (with today's), total costs, created audios, balance. */
export function DashboardStats({ stats, loading = false }: { stats: Stats | undefined; loading?: boolean }) {
  const n = (v: number | undefined) => (v ?? 0).toLocaleString('de-DE');
  return (
    <StatGrid loading={loading}>
      <StatCard label="API-Anfragen" value={n(stats?.api_requests)} hint={`heute: ${n(stats?.api_requests_today)}`} icon={Bot} testId="dash-stat-api" />
      <StatCard label="Gesamtkosten" value={formatEuroFromCents(stats?.cost_cent ?? 0)} icon={Euro} testId="dash-stat-cost" />
      <StatCard label="Erstellte Audios" value={n(stats?.audios)} icon={FileAudio} testId="dash-stat-audios" />
      <StatCard label="Guthaben" value={formatEuroFromCents(stats?.balance_cent ?? 0)} icon={Wallet} testId="dash-stat-balance" />
    </StatGrid>
  );
}
