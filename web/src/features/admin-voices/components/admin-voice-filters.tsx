import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select } from '@/components/ui/select';
import type { AdminVoiceFilters as Filters } from '../api/types';

const TYPE_OPTIONS = [
  { value: 'all', label: 'Alle Typen' },
  { value: 'clone', label: 'Klone' },
  { value: 'public', label: 'Katalog' },
];

const STATUS_OPTIONS = [
  { value: 'all', label: 'Alle Status' },
  { value: 'training_needed', label: 'In Bearbeitung' },
  { value: 'training_in_progress', label: 'Training läuft' },
  { value: 'completed', label: 'Bereit' },
  { value: 'failed', label: 'Fehlgeschlagen' },
  { value: 'awaiting_activation', label: 'Nicht aktiviert' },
  { value: 'paused', label: 'Pausiert' },
];

/** Search (name, description, owner), status and type. */
export function AdminVoiceFilters({ filters, onChange }: { filters: Filters; onChange: (filters: Filters) => void }) {
  return (
    <div className="flex flex-col gap-3 md:flex-row md:items-end">
      <div className="flex flex-1 flex-col gap-2">
        <Label htmlFor="admin-voice-search">Suchen</Label>
        <Input
          id="admin-voice-search"
          type="search"
          value={filters.search}
          onChange={(e) => onChange({ ...filters, search: e.target.value })}
          placeholder="Name, Beschreibung, Besitzer…"
          data-testid="admin-voice-search"
        />
      </div>
      <div className="flex flex-col gap-2 md:w-52">
        <Label htmlFor="admin-voice-status">Status</Label>
        <Select id="admin-voice-status" value={filters.status} onValueChange={(status) => onChange({ ...filters, status })} options={STATUS_OPTIONS} />
      </div>
      <div className="flex flex-col gap-2 md:w-44">
        <Label htmlFor="admin-voice-type">Typ</Label>
        <Select id="admin-voice-type" value={filters.type} onValueChange={(type) => onChange({ ...filters, type })} options={TYPE_OPTIONS} data-testid="admin-voice-type" />
      </div>
    </div>
  );
}
