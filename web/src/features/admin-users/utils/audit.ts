import { formatEuroFromCents } from '@/lib/format';
import type { AuditAction } from '../api/types';

export const AUDIT_ACTION_LABELS: Record<AuditAction, string> = {
  user_created: 'Benutzer angelegt',
  user_updated: 'Benutzer geändert',
  user_deleted: 'Benutzer gelöscht',
  balance_adjusted: 'Guthaben korrigiert',
};

const FIELD_LABELS: Record<string, string> = {
  name: 'Name',
  email: 'E-Mail',
  organization: 'Organisation',
  role: 'Rolle',
  balance_cent: 'Guthaben',
  disabled: 'Anmeldung',
};

function show(field: string, value: unknown): string {
  if (value === null || value === undefined) return '–';
  if (field === 'balance_cent' && typeof value === 'number') return formatEuroFromCents(value);
  if (field === 'role') return value === 'admin' ? 'Administrator' : 'Benutzer';
  if (field === 'disabled') return value ? 'gesperrt' : 'erlaubt';
  return typeof value === 'string' ? value : JSON.stringify(value);
}

export type AuditChange = { field: string; label: string; before: string | null; after: string | null };

function asRecord(value: unknown): Record<string, unknown> | null {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
}

/**
 * The fields that differ between `before` and `after` (all of them when one side is
 * missing, as for a created or deleted account), in German.
 */
export function auditChanges(before: unknown, after: unknown): AuditChange[] {
  const was = asRecord(before);
  const is = asRecord(after);
  const fields = [...new Set([...Object.keys(was ?? {}), ...Object.keys(is ?? {})])];
  return fields
    .filter((f) => !was || !is || JSON.stringify(was[f]) !== JSON.stringify(is[f]))
    .map((field) => ({
      field,
      label: FIELD_LABELS[field] ?? field,
      before: was ? show(field, was[field]) : null,
      after: is ? show(field, is[field]) : null,
    }));
}
