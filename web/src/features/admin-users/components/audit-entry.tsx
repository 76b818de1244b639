import { ArrowRight } from 'lucide-react';
import { Badge, type BadgeVariant } from '@/components/ui/badge';
import { formatDateTime } from '@/lib/format';
import type { AuditAction, AuditEntry, AuditUser } from '../api/types';
import { AUDIT_ACTION_LABELS, auditChanges } from '../utils/audit';

const VARIANTS: Record<AuditAction, BadgeVariant> = {
  user_created: 'success',
  user_updated: 'primary',
  user_deleted: 'destructive',
  balance_adjusted: 'warning',
  voice_updated: 'primary',
  voice_deleted: 'destructive',
  provider_key_stored: 'warning',
  provider_key_removed: 'destructive',
  provider_key_tested: 'neutral',
  dictionary_entry_saved: 'primary',
  dictionary_entry_deleted: 'destructive',
  label_created: 'success',
  label_updated: 'primary',
  label_deleted: 'destructive',
  reauthenticated: 'neutral',
  two_factor_enabled: 'success',
  two_factor_disabled: 'warning',
  password_changed: 'neutral',
  api_key_created: 'neutral',
};

type Props = {
  entry: AuditEntry;
  /** Narrows the log to the entry's account; absent when the log already shows only that one. */
  onFilterUser?: (user: AuditUser) => void;
};

/**
 * When, who, what (in German), about what (a voice, a service, a term, a label) and whom,
 * why, and the changed fields as before → after.
 */
export function AuditEntryItem({ entry, onFilterUser }: Props) {
  const changes = auditChanges(entry.before, entry.after);
  const target = entry.target_email ?? 'Gelöschtes Konto';
  const targetId = entry.target_user_id;
  // An entry about a thing that belongs to nobody (a key, a global label) names no account.
  const showsTarget = Boolean(targetId) || !entry.subject;
  return (
    <li className="flex flex-col gap-1.5 px-4 py-3 text-sm" data-testid="audit-entry" data-action={entry.action}>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <Badge variant={VARIANTS[entry.action]}>{AUDIT_ACTION_LABELS[entry.action]}</Badge>
        {entry.subject && (
          <span className="font-medium" data-testid="audit-subject">
            „{entry.subject}“
          </span>
        )}
        {!showsTarget ? null : targetId && onFilterUser ? (
          <button
            type="button"
            className="cursor-pointer font-medium underline-offset-4 hover:text-primary hover:underline"
            title="Nur Einträge zu diesem Benutzer"
            aria-label={`Nur Einträge zu ${target} anzeigen`}
            onClick={() => onFilterUser({ id: targetId, label: target })}
          >
            {target}
          </button>
        ) : (
          <span className="font-medium">{target}</span>
        )}
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
