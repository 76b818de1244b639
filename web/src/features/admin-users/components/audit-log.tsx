import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { LoadErrorAlert } from '@/components/ui/load-error-alert';
import { Select } from '@/components/ui/select';
import { LoadingScreen } from '@/components/ui/spinner';
import { useAudit } from '../api/get-audit';
import type { AuditAction } from '../api/types';
import { AUDIT_ACTION_LABELS } from '../utils/audit';
import { AuditEntryItem } from './audit-entry';

const ALL = 'all';
const FILTER_OPTIONS = [
  { value: ALL, label: 'Alle Aktionen' },
  ...Object.entries(AUDIT_ACTION_LABELS).map(([value, label]) => ({ value, label })),
];

/** "Protokoll": every admin action, newest first, filterable by action, 50 at a time. */
export function AuditLog() {
  const [action, setAction] = useState<AuditAction | null>(null);
  const audit = useAudit(action);
  const entries = audit.data?.pages.flat() ?? [];

  return (
    <section aria-labelledby="audit-title" className="flex flex-col gap-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <h2 id="audit-title" className="text-lg font-semibold tracking-tight">
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
      {audit.isPending ? (
        <LoadingScreen label="Protokoll wird geladen..." className="min-h-40" />
      ) : audit.isError && entries.length === 0 ? (
        <LoadErrorAlert title="Das Protokoll konnte nicht geladen werden" error={audit.error} onRetry={() => void audit.refetch()} />
      ) : entries.length === 0 ? (
        <p className="rounded-lg border border-dashed border-border px-4 py-8 text-center text-sm text-muted-foreground">
          Noch keine Einträge.
        </p>
      ) : (
        <ul className="divide-y divide-border rounded-[var(--radius-card)] border border-border bg-card" data-testid="audit-list">
          {entries.map((entry) => (
            <AuditEntryItem key={entry.id} entry={entry} />
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
