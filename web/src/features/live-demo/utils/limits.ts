import { countChars } from '@/lib/format';

/** Demo limits (spec section 9); the server's `GET /api/demo` values take precedence. */
export const DEMO_MAX_CHARS = 100;
export const DEMO_TRIES_PER_DAY = 3;

export const INCOMPLETE_TITLE = 'Eingabe unvollständig';
export const INCOMPLETE_MESSAGE = 'Bitte geben Sie Text ein und wählen Sie eine Stimme.';
export const TOO_LONG_TITLE = 'Text zu lang';
export const LIMIT_TITLE = 'Demo-Limit erreicht';
export const GENERATION_ERROR_TITLE = 'Fehler bei der Audio-Generierung';
export const PLAYBACK_ERROR_TITLE = 'Wiedergabefehler';
export const PLAYBACK_ERROR_MESSAGE = 'Die Audio-Datei konnte nicht abgespielt werden.';

export function tooLongMessage(maxChars: number, chars: number): string {
  return `Maximale Länge: ${maxChars} Zeichen. Aktuell: ${chars} Zeichen.`;
}

export function limitReachedMessage(tries: number): string {
  return `Sie haben bereits ${tries} Tests verwendet. Registrieren Sie sich für unbegrenzte Nutzung.`;
}

/** Characters of the text as the server counts them (trimmed, Unicode code points). */
export function demoTextLength(text: string): number {
  return countChars(text.trim());
}
