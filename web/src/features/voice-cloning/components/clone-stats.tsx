import { AudioLines, Euro, Mic2, Star } from 'lucide-react';
import { StatCard, StatGrid } from '@/components/library/stat-card';
import { formatEuroFromCents } from '@/lib/format';
import type { CloneStats as Stats } from '../api/types';

/** The four cards: voices, most used voice, audios made with clones, monthly cost. */
export function CloneStats({ stats }: { stats: Stats | undefined }) {
  const number = (n: number | undefined) => (n === undefined ? '–' : n.toLocaleString('de-DE'));
  const mostUsed = stats?.most_used;
  return (
    <StatGrid>
      <StatCard label="Stimmen" value={number(stats?.voices)} hint="Eigene Klone" icon={Mic2} testId="clone-stat-voices" />
      <StatCard
        label="Meistgenutzte Stimme"
        value={<span className="block truncate text-lg sm:text-xl">{mostUsed?.name ?? '–'}</span>}
        hint={mostUsed ? `${number(mostUsed.times_used)}× genutzt` : 'Noch nicht genutzt'}
        icon={Star}
        testId="clone-stat-most-used"
      />
      <StatCard label="Erstellte Audios" value={number(stats?.audios)} hint="Mit geklonten Stimmen" icon={AudioLines} testId="clone-stat-audios" />
      <StatCard
        label="Monatliche Kosten"
        value={stats ? formatEuroFromCents(stats.monthly_cost_cent) : '–'}
        hint="1 € pro aktiver Stimme"
        icon={Euro}
        testId="clone-stat-cost"
      />
    </StatGrid>
  );
}
