import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { hasOwnMeaning, statusMeaning } from './status-codes';

describe('status codes in German', () => {
  it('knows every status the committed API document declares, not only its class', () => {
    // The contract the server serves as /api/openapi.json (read only here).
    const doc = JSON.parse(readFileSync(path.resolve(__dirname, '../../../../../api/openapi.json'), 'utf8')) as {
      paths: Record<string, Record<string, { responses?: Record<string, unknown> }>>;
    };
    const declared = new Set(Object.values(doc.paths).flatMap((item) => Object.values(item).flatMap((op) => Object.keys(op.responses ?? {}))));
    expect(declared.size).toBeGreaterThan(10);
    expect([...declared].filter((s) => !hasOwnMeaning(s))).toEqual([]);
  });

  it('says what the usual answers of the developer API mean', () => {
    expect(statusMeaning('200', true)).toBe('Erfolg');
    expect(statusMeaning('202', true)).toBe('Angenommen, wird verarbeitet');
    expect(statusMeaning(402, true)).toBe('Guthaben reicht nicht');
    expect(statusMeaning('422', true)).toBe('Eingabe ungültig');
    expect(statusMeaning('429', true)).toBe('Zu viele Anfragen (Retry-After beachten)');
    expect(statusMeaning('502', true)).toBe('Anbieter der Stimme hat einen Fehler gemeldet');
  });

  it('401 names the key on the developer API and the session elsewhere', () => {
    expect(statusMeaning('401', true)).toBe('API-Schlüssel fehlt oder ist ungültig');
    expect(statusMeaning('401', false)).toMatch(/^Nicht angemeldet/);
  });

  it('falls back to the class for a code it does not know', () => {
    expect(hasOwnMeaning('418')).toBe(false);
    expect(statusMeaning('418', true)).toBe('Fehler in der Anfrage');
    expect(statusMeaning('599', true)).toBe('Fehler auf dem Server');
  });
});
