import { Globe2, Library, Loader, Mic2 } from 'lucide-react';
import { StatCard, StatGrid } from '@/components/library/stat-card';
import type { AdminVoiceStats as Stats } from '../api/types';

/** Voices in all, clones (ready), in training, shared with everyone. */
export function AdminVoiceStats({ stats }: { stats: Stats | undefined }) {
  const n = (value: number | undefined) => (value === undefined ? '–' : value.toLocaleString('de-DE'));
  return (
    <StatGrid>
      <StatCard label="Stimmen gesamt" value={n(stats?.total)} hint={`${n(stats?.public)} aus dem Katalog`} icon={Library} testId="admin-voice-stat-total" />
      <StatCard label="Geklonte Stimmen" value={n(stats?.clones)} hint={`${n(stats?.completed_clones)} bereit`} icon={Mic2} testId="admin-voice-stat-clones" />
      <StatCard label="Im Training" value={n(stats?.in_training)} icon={Loader} testId="admin-voice-stat-training" />
      <StatCard label="Für alle freigegeben" value={n(stats?.global_clones)} hint="Geteilte Klone" icon={Globe2} testId="admin-voice-stat-global" />
    </StatGrid>
  );
}
