import type { SortColumn, UserSort } from '../api/types';

/** The spec's default: newest registrations first. */
export const DEFAULT_SORT: UserSort = { column: 'created_at', direction: 'desc' };

/** Clicking the sorted column toggles its direction; another column starts ascending. */
export function nextSort(current: UserSort, column: SortColumn): UserSort {
  if (current.column === column) return { column, direction: current.direction === 'asc' ? 'desc' : 'asc' };
  return { column, direction: 'asc' };
}
