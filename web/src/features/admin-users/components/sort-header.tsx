import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import type { SortColumn, UserSort } from '../api/types';

/** A column header whose button sorts the list; `aria-sort` tells the current order. */
export function SortHeader({
  column,
  label,
  sort,
  onSort,
  className,
}: {
  column: SortColumn;
  label: string;
  sort: UserSort;
  onSort: (column: SortColumn) => void;
  className?: string;
}) {
  const active = sort.column === column;
  const ariaSort = active ? (sort.direction === 'asc' ? 'ascending' : 'descending') : 'none';
  const Icon = !active ? ArrowUpDown : sort.direction === 'asc' ? ArrowUp : ArrowDown;
  return (
    <th scope="col" aria-sort={ariaSort} className={className} data-testid={`sort-${column}`}>
      <button
        type="button"
        onClick={() => onSort(column)}
        className="-mx-2 inline-flex cursor-pointer items-center gap-1.5 rounded-md px-2 py-1 font-medium hover:bg-muted hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring/40"
      >
        {label}
        <Icon aria-hidden="true" className={active ? 'size-3.5 text-foreground' : 'size-3.5 opacity-50'} />
      </button>
    </th>
  );
}
