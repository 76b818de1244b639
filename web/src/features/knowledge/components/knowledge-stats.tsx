import { Bot, FileAudio, FolderTree, Tags } from 'lucide-react';
import { StatCard, StatGrid } from '@/components/library/stat-card';
import { useLibraryStats } from '@/lib/library';
import { KB_REFRESH_MS } from './library-list';

/** Total audios, categories and tags available, API-generated. */
export function KnowledgeStats() {
  const { data, isPending } = useLibraryStats({ refetchInterval: KB_REFRESH_MS });
  const v = (n: number | undefined) => (n ?? 0).toLocaleString('de-DE');
  return (
    <StatGrid loading={isPending}>
      <StatCard label="Audios gesamt" value={v(data?.audios)} icon={FileAudio} testId="kb-stat-audios" />
      <StatCard label="Kategorien verfügbar" value={v(data?.categories)} icon={FolderTree} testId="kb-stat-categories" />
      <StatCard label="Tags verfügbar" value={v(data?.tags)} icon={Tags} testId="kb-stat-tags" />
      <StatCard label="Per API erzeugt" value={v(data?.api_requests)} icon={Bot} testId="kb-stat-api" />
    </StatGrid>
  );
}
