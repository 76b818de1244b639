import { Search } from 'lucide-react';
import { useState } from 'react';
import { Input } from '@/components/ui/input';
import { LoadErrorAlert } from '@/components/ui/load-error-alert';
import { LoadingSkeleton } from '@/components/ui/skeleton';
import type { UseQueryResult } from '@tanstack/react-query';
import type { AdminUser, SortColumn, UserOverview, UserSort } from '../api/types';
import { SortSelect } from './sort-select';
import { UserDialogs, type OpenUserAction } from './user-dialogs';
import { UsersTable } from './users-table';

type Props = {
  users: UseQueryResult<UserOverview>;
  search: string;
  onSearch: (search: string) => void;
  sort: UserSort;
  onSort: (column: SortColumn) => void;
  onSortChange: (sort: UserSort) => void;
  /** "Protokoll anzeigen" of a row: the audit log narrowed to that person. */
  onShowAudit: (user: AdminUser) => void;
};

/** Search field, the sortable table and the dialogs of its row actions. */
export function UsersPanel({ users, search, onSearch, sort, onSort, onSortChange, onShowAudit }: Props) {
  const [open, setOpen] = useState<OpenUserAction>(null);
  const list = users.data?.users;

  return (
    <section aria-labelledby="users-title" className="flex flex-col gap-4">
      <h2 id="users-title" className="sr-only">
        Benutzerliste
      </h2>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <div className="relative sm:w-full sm:max-w-sm">
          <Search aria-hidden="true" className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground" />
          <Input
            type="search"
            value={search}
            onChange={(e) => onSearch(e.target.value)}
            aria-label="Benutzer suchen"
            placeholder="Name, E-Mail oder Organisation"
            className="pl-9"
            data-testid="user-search"
          />
        </div>
        <SortSelect sort={sort} onChange={onSortChange} className="sm:w-64 md:hidden" />
      </div>
      {users.isPending ? (
        <LoadingSkeleton label="Benutzer werden geladen…" rows={4} />
      ) : !list ? (
        <LoadErrorAlert title="Benutzer konnten nicht geladen werden." error={users.error} onRetry={() => void users.refetch()} />
      ) : list.length === 0 ? (
        <p className="rounded-lg border border-dashed border-border px-4 py-8 text-center text-sm text-muted-foreground">
          {search.trim() ? 'Keine Benutzer passen zu Ihrer Suche.' : 'Noch keine Benutzer.'}
        </p>
      ) : (
        <UsersTable users={list} sort={sort} onSort={onSort} onAction={(action, user) => (action === 'audit' ? onShowAudit(user) : setOpen({ action, user }))} busy={users.isFetching} />
      )}
      <UserDialogs open={open} onClose={() => setOpen(null)} />
    </section>
  );
}
