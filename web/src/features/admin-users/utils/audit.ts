import { formatEuroFromCents } from '@/lib/format';
import type { AuditAction } from '../api/types';

/** Every action the log records (admins', and users' security changes), in German (the server's `AuditAction`). */
export const AUDIT_ACTION_LABELS: Record<AuditAction, string> = {
  user_created: 'Benutzer angelegt',
  user_updated: 'Benutzer geändert',
  user_deleted: 'Benutzer gelöscht',
  balance_adjusted: 'Guthaben korrigiert',
  voice_updated: 'Stimme freigegeben oder geschaltet',
  voice_deleted: 'Stimme gelöscht',
  provider_key_stored: 'API-Schlüssel gespeichert',
  provider_key_removed: 'API-Schlüssel entfernt',
  provider_key_tested: 'Verbindung getestet',
  dictionary_entry_saved: 'Globaler Wörterbucheintrag gespeichert',
  dictionary_entry_deleted: 'Globaler Wörterbucheintrag gelöscht',
  label_created: 'Globale Kategorie oder globaler Tag angelegt',
  label_updated: 'Globale Kategorie oder globaler Tag geändert',
  label_deleted: 'Globale Kategorie oder globaler Tag gelöscht',
  reauthenticated: 'Passwort bestätigt',
  two_factor_enabled: 'Zwei-Faktor-Anmeldung eingeschaltet',
  two_factor_disabled: 'Zwei-Faktor-Anmeldung ausgeschaltet',
  password_changed: 'Passwort geändert',
  api_key_created: 'API-Schlüssel erstellt',
};

const FIELD_LABELS: Record<string, string> = {
  name: 'Name',
  email: 'E-Mail',
  organization: 'Organisation',
  role: 'Rolle',
  balance_cent: 'Guthaben',
  disabled: 'Anmeldung',
  is_global: 'Freigabe',
  is_active: 'Aktiv',
  key_last4: 'Schlüssel (letzte 4 Zeichen)',
  removed: 'Gespeicherter Schlüssel',
  ok: 'Ergebnis',
  message: 'Meldung',
  kind: 'Art',
  parent_id: 'Übergeordnete Kategorie',
  term: 'Begriff',
  spoken: 'Aussprache',
  ipa: 'Lautschrift',
};

function show(field: string, value: unknown): string {
  if (field === 'parent_id' && (value === null || value === undefined)) return 'oberste Ebene';
  if (value === null || value === undefined) return '–';
  if (field === 'balance_cent' && typeof value === 'number') return formatEuroFromCents(value);
  if (field === 'role') return value === 'admin' ? 'Administrator' : 'Benutzer';
  if (field === 'disabled') return value ? 'gesperrt' : 'erlaubt';
  if (field === 'is_global') return value ? 'für alle' : 'nur Besitzer';
  if (field === 'is_active') return value ? 'ein' : 'aus';
  if (field === 'removed') return value ? 'entfernt' : 'war keiner gespeichert';
  if (field === 'ok') return value ? 'erfolgreich' : 'fehlgeschlagen';
  if (field === 'kind') return value === 'category' ? 'Kategorie' : value === 'tag' ? 'Tag' : String(value);
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
