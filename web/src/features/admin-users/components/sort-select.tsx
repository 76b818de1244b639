import { Label } from '@/components/ui/label';
import { Select } from '@/components/ui/select';
import type { SortColumn, SortDirection, UserSort } from '../api/types';

const OPTIONS: Array<{ value: `${SortColumn}:${SortDirection}`; label: string }> = [
  { value: 'created_at:desc', label: 'Registriert: neueste zuerst' },
  { value: 'created_at:asc', label: 'Registriert: älteste zuerst' },
  { value: 'name:asc', label: 'Name: A–Z' },
  { value: 'name:desc', label: 'Name: Z–A' },
  { value: 'organization:asc', label: 'Organisation: A–Z' },
  { value: 'organization:desc', label: 'Organisation: Z–A' },
  { value: 'guthaben_cent:asc', label: 'Guthaben: niedrigstes zuerst' },
  { value: 'guthaben_cent:desc', label: 'Guthaben: höchstes zuerst' },
];

/** On narrow screens some columns are hidden; this select sorts by any of them. */
export function SortSelect({ sort, onChange, className }: { sort: UserSort; onChange: (sort: UserSort) => void; className?: string }) {
  return (
    <div className={className}>
      <Label htmlFor="user-sort" className="sr-only">
        Sortieren nach
      </Label>
      <Select
        id="user-sort"
        value={`${sort.column}:${sort.direction}`}
        onValueChange={(v) => {
          const [column, direction] = v.split(':') as [SortColumn, SortDirection];
          onChange({ column, direction });
        }}
        options={OPTIONS}
      />
    </div>
  );
}
