/** Texts of the live demo; its limits come from `GET /api/demo` (max_chars, tries_per_day). */
export { TOO_LONG_TITLE, tooLongMessage, textLength as demoTextLength } from '@/lib/limits';

export const INCOMPLETE_TITLE = 'Eingabe unvollständig';
export const INCOMPLETE_MESSAGE = 'Bitte geben Sie Text ein und wählen Sie eine Stimme.';
export const LIMIT_TITLE = 'Demo-Limit erreicht';
export const GENERATION_ERROR_TITLE = 'Fehler bei der Audio-Generierung';

export function limitReachedMessage(tries: number): string {
  return `Sie haben bereits ${tries} Tests verwendet. Registrieren Sie sich für unbegrenzte Nutzung.`;
}
