/**
 * What an HTTP status means for a caller of this API, in German: the answer tables of the
 * docs page and the status of "Ausprobieren" say it next to the number. The server's own
 * description of a response (when it has one) is shown beside it, never instead.
 */
const MEANINGS: Record<string, string> = {
  '200': 'Erfolg',
  '201': 'Angelegt',
  '202': 'Angenommen, wird verarbeitet',
  '204': 'Erfolg, ohne Inhalt',
  '302': 'Weiterleitung: der Kopfzeile Location folgen',
  '303': 'Weiterleitung: die Adresse aus Location mit GET abrufen',
  '304': 'Nicht geändert (If-None-Match): die gespeicherte Antwort gilt weiter',
  '400': 'Ungültige Anfrage',
  '402': 'Guthaben reicht nicht',
  '403': 'Keine Berechtigung',
  '404': 'Nicht gefunden (auch, wenn es einem anderen Konto gehört)',
  '405': 'Methode nicht erlaubt',
  '409': 'Konflikt mit dem aktuellen Stand (z. B. Idempotency-Key schon für eine andere Anfrage benutzt)',
  '410': 'Nicht mehr vorhanden (abgelaufen)',
  '413': 'Anfrage zu groß',
  '414': 'Adresse zu lang',
  '415': 'Falscher Inhaltstyp (Content-Type: application/json fehlt)',
  '422': 'Eingabe ungültig',
  '429': 'Zu viele Anfragen (Retry-After beachten)',
  '431': 'Kopfzeilen zu groß',
  '500': 'Interner Fehler',
  '502': 'Anbieter der Stimme hat einen Fehler gemeldet',
  '503': 'Vorübergehend nicht verfügbar',
  default: 'Jede andere Antwort',
};

// Only a code the document adds later lands here; a test keeps every code it declares today in MEANINGS.
const CLASSES: Record<string, string> = {
  '1': 'Zwischenantwort',
  '2': 'Erfolg',
  '3': 'Weiterleitung',
  '4': 'Fehler in der Anfrage',
  '5': 'Fehler auf dem Server',
};

/**
 * The German meaning of `status` (`"422"`, `"default"`). 401 depends on how the route
 * authenticates: the developer API by API key, the web app's routes by the session.
 */
export function statusMeaning(status: string | number, usesKey: boolean): string {
  const code = String(status);
  if (code === '401') return usesKey ? 'API-Schlüssel fehlt oder ist ungültig' : 'Nicht angemeldet (Sitzung fehlt oder ist abgelaufen)';
  return MEANINGS[code] ?? CLASSES[code[0]] ?? 'Unbekannter Status';
}

/** True when `statusMeaning` knows the code itself (not only its class). */
export function hasOwnMeaning(status: string): boolean {
  return status === '401' || status in MEANINGS;
}
