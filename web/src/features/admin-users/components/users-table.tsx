import { formatDate, formatEuroFromCents } from '@/lib/format';
import type { AdminUser, SortColumn, UserSort } from '../api/types';
import { SortHeader } from './sort-header';
import { UserBadges } from './user-badges';
import { UserRowActions, type UserAction } from './user-row-actions';

type Props = {
  users: AdminUser[];
  sort: UserSort;
  onSort: (column: SortColumn) => void;
  onAction: (action: UserAction, user: AdminUser) => void;
  busy?: boolean;
};

const cell = 'px-4 py-3 align-middle';

/** Organisation, Benutzer (e-mail beneath), Guthaben, Registriert, Aktionen. */
export function UsersTable({ users, sort, onSort, onAction, busy }: Props) {
  return (
    <div className="overflow-x-auto rounded-[var(--radius-card)] border border-border bg-card" aria-busy={busy || undefined}>
      <table className="w-full border-collapse text-sm" data-testid="users-table">
        <caption className="sr-only">Benutzer, sortierbar nach Organisation, Name, Guthaben und Registrierung</caption>
        <thead className="border-b border-border bg-muted/50 text-left text-muted-foreground">
          <tr>
            <SortHeader column="organization" label="Organisation" sort={sort} onSort={onSort} className={`${cell} hidden md:table-cell`} />
            <SortHeader column="name" label="Benutzer" sort={sort} onSort={onSort} className={cell} />
            <SortHeader column="guthaben_cent" label="Guthaben" sort={sort} onSort={onSort} className={`${cell} text-right`} />
            <SortHeader column="created_at" label="Registriert" sort={sort} onSort={onSort} className={`${cell} hidden sm:table-cell`} />
            <th scope="col" className={`${cell} text-right font-medium`}>
              <span className="sr-only sm:not-sr-only">Aktionen</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {users.map((user) => (
            <tr key={user.id} className="border-b border-border last:border-0" data-testid="user-row" data-user-email={user.email}>
              <td className={`${cell} hidden md:table-cell`}>{user.organization}</td>
              <td className={cell}>
                <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
                  <span className="font-medium">{user.name}</span>
                  <UserBadges user={user} />
                </div>
                <div className="break-all text-muted-foreground">{user.email}</div>
                {/* Narrow screens hide those columns; their values go under the name. */}
                <div className="text-muted-foreground md:hidden">
                  {user.organization}
                  <span className="sm:hidden"> · seit {formatDate(user.created_at)}</span>
                </div>
              </td>
              <td className={`${cell} whitespace-nowrap text-right tabular-nums`} data-testid="user-balance">
                {formatEuroFromCents(user.balance_cent)}
              </td>
              <td className={`${cell} hidden tabular-nums sm:table-cell`}>{formatDate(user.created_at)}</td>
              <td className={`${cell} py-1.5`}>
                <UserRowActions user={user} onAction={onAction} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
