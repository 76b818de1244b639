import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select } from '@/components/ui/select';
import { STATUS_FILTER_OPTIONS } from '../utils/clone-status';

/** Search (name and description) and status. */
export function CloneFilters({
  search,
  onSearch,
  status,
  onStatus,
}: {
  search: string;
  onSearch: (value: string) => void;
  status: string;
  onStatus: (value: string) => void;
}) {
  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
      <div className="flex flex-1 flex-col gap-2">
        <Label htmlFor="clone-search">Suchen</Label>
        <Input id="clone-search" type="search" value={search} onChange={(e) => onSearch(e.target.value)} placeholder="Name oder Beschreibung…" data-testid="clone-search" />
      </div>
      <div className="flex flex-col gap-2 sm:w-64">
        <Label htmlFor="clone-status-filter">Status</Label>
        <Select id="clone-status-filter" value={status} onValueChange={onStatus} options={STATUS_FILTER_OPTIONS} data-testid="clone-status-filter" />
      </div>
    </div>
  );
}
