import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select } from '@/components/ui/select';
import type { LibraryFilters } from '@/lib/library';

export type AudioCategory = 'all' | 'clone' | 'api' | 'manual';
export type DashboardFilterState = { speaker: string; category: AudioCategory; date: string };

export const INITIAL_DASHBOARD_FILTERS: DashboardFilterState = { speaker: '', category: 'all', date: '' };

/** The spec's category select, as the server's filters: clone voices, or API / web-app audios. */
export function toServerFilters(f: DashboardFilterState): LibraryFilters {
  return {
    speaker: f.speaker,
    date: f.date,
    voice_type: f.category === 'clone' ? 'clone' : undefined,
    source: f.category === 'api' || f.category === 'manual' ? f.category : undefined,
  };
}

const CATEGORIES = [
  { value: 'all', label: 'Alle' },
  { value: 'clone', label: 'Klon' },
  { value: 'api', label: 'API' },
  { value: 'manual', label: 'Manuell' },
];

export function AudioFilters({ value, onChange }: { value: DashboardFilterState; onChange: (v: DashboardFilterState) => void }) {
  return (
    <div className="grid gap-4 sm:grid-cols-3">
      <div className="flex flex-col gap-2">
        <Label htmlFor="dash-speaker">Sprecher suchen</Label>
        <Input id="dash-speaker" type="search" value={value.speaker} placeholder="Name der Stimme…" onChange={(e) => onChange({ ...value, speaker: e.target.value })} />
      </div>
      <div className="flex flex-col gap-2">
        <Label htmlFor="dash-category">Kategorie</Label>
        <Select
          id="dash-category"
          value={value.category}
          onValueChange={(category) => onChange({ ...value, category: category as AudioCategory })}
          options={CATEGORIES}
          data-testid="dash-category"
        />
      </div>
      <div className="flex flex-col gap-2">
        <Label htmlFor="dash-date">Datum</Label>
        <Input id="dash-date" type="date" value={value.date} onChange={(e) => onChange({ ...value, date: e.target.value })} data-testid="dash-date" />
      </div>
    </div>
  );
}
