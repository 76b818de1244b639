import { useEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { LoadErrorAlert } from '@/components/ui/load-error-alert';
import { Select } from '@/components/ui/select';
import { LoadingSkeleton } from '@/components/ui/skeleton';
import { useAudit } from '../api/get-audit';
import type { AuditAction, AuditUser } from '../api/types';
import { AUDIT_ACTION_LABELS } from '../utils/audit';
import { AuditEntryItem } from './audit-entry';
import { AuditUserFilter } from './audit-user-filter';

const ALL = 'all';
const FILTER_OPTIONS = [
  { value: ALL, label: 'Alle Aktionen' },
  ...Object.entries(AUDIT_ACTION_LABELS).map(([value, label]) => ({ value, label })),
];

type Props = {
  /** Only entries about this person (null: everyone). */
  user: AuditUser | null;
  onUserChange: (user: AuditUser | null) => void;
};

/**
 * "Protokoll": every admin action, newest first, 50 at a time, filterable by action and by
 * the person it was about (a row's "Protokoll anzeigen" or a name in the log).
 */
export function AuditLog({ user, onUserChange }: Props) {
  const [action, setAction] = useState<AuditAction | null>(null);
  const audit = useAudit({ action, userId: user?.id ?? null });
  const entries = audit.data?.pages.flat() ?? [];
  const heading = useRef<HTMLHeadingElement>(null);

  // A new person filter comes from a button that is now gone (the row or the entry): the
  // focus goes to the log's heading instead of to nowhere.
  useEffect(() => {
    if (user) heading.current?.focus({ preventScroll: true });
  }, [user]);

  return (
    <section aria-labelledby="audit-title" className="flex flex-col gap-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <h2 id="audit-title" ref={heading} tabIndex={-1} className="text-lg font-semibold tracking-tight focus:outline-none">
          Protokoll
        </h2>
        <div className="flex flex-col gap-2 sm:w-64">
          <Label htmlFor="audit-action">Aktion</Label>
          <Select
            id="audit-action"
            value={action ?? ALL}
            onValueChange={(v) => setAction(v === ALL ? null : (v as AuditAction))}
            options={FILTER_OPTIONS}
          />
        </div>
      </div>
      {user && (
        <AuditUserFilter
          user={user}
          onClear={() => {
            onUserChange(null);
            heading.current?.focus({ preventScroll: true });
          }}
        />
      )}
      {audit.isPending ? (
        <LoadingSkeleton label="Protokoll wird geladen…" rows={4} />
      ) : audit.isError && entries.length === 0 ? (
        <LoadErrorAlert title="Das Protokoll konnte nicht geladen werden" error={audit.error} onRetry={() => void audit.refetch()} />
      ) : entries.length === 0 ? (
        <p className="rounded-lg border border-dashed border-border px-4 py-8 text-center text-sm text-muted-foreground">
          {user || action ? 'Keine Einträge für diese Auswahl.' : 'Noch keine Einträge.'}
        </p>
      ) : (
        <ul className="divide-y divide-border rounded-[var(--radius-card)] border border-border bg-card" data-testid="audit-list">
          {entries.map((entry) => (
            <AuditEntryItem
              key={entry.id}
              entry={entry}
              onFilterUser={entry.target_user_id === user?.id ? undefined : onUserChange}
            />
          ))}
        </ul>
      )}
      {audit.hasNextPage && (
        <Button variant="outline" className="self-center" loading={audit.isFetchingNextPage} onClick={() => void audit.fetchNextPage()}>
          Weitere laden
        </Button>
      )}
    </section>
  );
}
