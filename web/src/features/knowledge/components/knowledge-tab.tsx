import { useState } from 'react';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import type { LibraryFilters as Filters } from '@/lib/library';
import { KnowledgeStats } from './knowledge-stats';
import { ALL, INITIAL_FILTERS, LibraryFilters, type KnowledgeFilterState } from './library-filters';
import { LibraryList } from './library-list';

/** The filter state as the server's query parameters (search fields debounced). */
export function toServerFilters(f: KnowledgeFilterState): Filters {
  return {
    q: f.q,
    speaker: f.speaker,
    category: f.category === ALL ? undefined : f.category,
    tag: f.tag === ALL ? undefined : f.tag,
    source: f.source === ALL ? undefined : (f.source as Filters['source']),
    trash: f.trash,
  };
}

export function KnowledgeTab() {
  const [filters, setFilters] = useState<KnowledgeFilterState>(INITIAL_FILTERS);
  const q = useDebouncedValue(filters.q.trim());
  const speaker = useDebouncedValue(filters.speaker.trim());
  const server = toServerFilters({ ...filters, q, speaker });
  return (
    <div className="flex flex-col gap-6">
      <KnowledgeStats />
      <LibraryFilters value={filters} onChange={setFilters} />
      <LibraryList key={filters.trash} filters={server} />
    </div>
  );
}
