import { ArrowRight } from 'lucide-react';
import { Badge, type BadgeVariant } from '@/components/ui/badge';
import { formatDateTime } from '@/lib/format';
import type { AuditAction, AuditEntry } from '../api/types';
import { AUDIT_ACTION_LABELS, auditChanges } from '../utils/audit';

const VARIANTS: Record<AuditAction, BadgeVariant> = {
  user_created: 'success',
  user_updated: 'primary',
  user_deleted: 'destructive',
  balance_adjusted: 'warning',
};

/** When, who, what (in German), whom, why, and the changed fields as before → after. */
export function AuditEntryItem({ entry }: { entry: AuditEntry }) {
  const changes = auditChanges(entry.before, entry.after);
  return (
    <li className="flex flex-col gap-1.5 px-4 py-3 text-sm" data-testid="audit-entry" data-action={entry.action}>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <Badge variant={VARIANTS[entry.action]}>{AUDIT_ACTION_LABELS[entry.action]}</Badge>
        <span className="font-medium">{entry.target_email ?? 'Gelöschtes Konto'}</span>
        <time dateTime={entry.created_at} className="text-muted-foreground tabular-nums">
          {formatDateTime(entry.created_at)}
        </time>
        <span className="text-muted-foreground">durch {entry.actor_email}</span>
      </div>
      {entry.reason && (
        <p>
          <span className="text-muted-foreground">Grund:</span> {entry.reason}
        </p>
      )}
      {changes.length > 0 && (
        <ul className="flex flex-wrap gap-x-4 gap-y-1 text-muted-foreground" aria-label="Änderungen">
          {changes.map((c) => (
            <li key={c.field} className="inline-flex flex-wrap items-center gap-1">
              <span>{c.label}:</span>
              {c.before !== null && <span className="text-foreground">{c.before}</span>}
              {c.before !== null && c.after !== null && <ArrowRight aria-label="geändert zu" className="size-3.5" />}
              {c.after !== null && <span className="text-foreground">{c.after}</span>}
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}
