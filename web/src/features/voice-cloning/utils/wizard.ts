/** The clone wizard's steps, limits and rules (spec sections 4, 5 and 9), defined once. */

export const TOTAL_STEPS = 7;

export const STEP_TITLES: Record<number, string> = {
  1: 'Name und Beschreibung',
  2: 'Klonquelle',
  3: 'Teleprompter-Einstellungen',
  4: 'Aufnahme',
  5: 'Vorschau',
  6: 'Rechtliche Einwilligung',
  7: 'Aktivierung',
};

/** Why "Weiter" cannot be used yet (said next to the disabled button). */
export const STEP_HINTS: Record<number, string> = {
  1: 'Bitte geben Sie einen Namen für die Stimme ein.',
  2: 'Bitte geben Sie die Klonquelle an.',
  4: 'Bitte nehmen Sie den Text auf. Die Aufnahme muss die Prüfung bestehen.',
  6: 'Bitte bestätigen Sie alle drei Einwilligungen und nehmen Sie die Erklärung auf.',
};

/** The wizard steps whose recording is kept (the draft's IndexedDB key is user id and step). */
export const TRAINING_STEP = 4;
export const CONSENT_STEP = 6;

export const TEXT_SIZE = { min: 12, max: 24, step: 1, default: 16 } as const;
export const SCROLL_SPEED = { min: 10, max: 100, step: 5, default: 50 } as const;

/** A recording that passed `check-recording`. */
export type CheckedRecording = { blob: Blob; durationSeconds: number };

export type Consents = { ownVoice: boolean; usage: boolean; terms: boolean };

export type WizardValues = {
  name: string;
  description: string;
  clonedFrom: string;
  textSize: number;
  scrollSpeed: number;
  consents: Consents;
  training: CheckedRecording | null;
  consentRecording: CheckedRecording | null;
};

export const initialValues: WizardValues = {
  name: '',
  description: '',
  clonedFrom: '',
  textSize: TEXT_SIZE.default,
  scrollSpeed: SCROLL_SPEED.default,
  consents: { ownVoice: false, usage: false, terms: false },
  training: null,
  consentRecording: null,
};

export const allConsents = (c: Consents) => c.ownVoice && c.usage && c.terms;

/** Whether "Weiter" (or "Fertigstellen") may be used on this step. */
export function isStepValid(step: number, v: WizardValues): boolean {
  switch (step) {
    case 1:
      return v.name.trim() !== '';
    case 2:
      return v.clonedFrom.trim() !== '';
    case 4:
      return v.training !== null;
    case 6:
      return allConsents(v.consents) && v.consentRecording !== null;
    case 3:
    case 5:
    case 7:
      return true;
    default:
      return false;
  }
}

/** The first step that is not valid yet (or the last one): where a restored draft may resume at most. */
export function firstInvalidStep(v: WizardValues): number {
  for (let step = 1; step < TOTAL_STEPS; step += 1) if (!isStepValid(step, v)) return step;
  return TOTAL_STEPS;
}

export const clampStep = (step: number) => Math.min(TOTAL_STEPS, Math.max(1, Math.round(step) || 1));

export function clampTo(value: number, { min, max, step }: { min: number; max: number; step: number }): number {
  if (!Number.isFinite(value)) return min;
  const snapped = min + Math.round((value - min) / step) * step;
  return Math.min(max, Math.max(min, snapped));
}

/** The clone source offered with one click in step 2. */
export const OWN_VOICE = 'Meine eigene Stimme';

/** Who speaks the consent statement: the clone source, or the signed-in person for "Meine eigene Stimme". */
export function speakerName(clonedFrom: string, userName: string): string {
  const source = clonedFrom.trim();
  return source.toLocaleLowerCase('de-DE') === OWN_VOICE.toLocaleLowerCase('de-DE') && userName.trim() !== ''
    ? userName.trim()
    : source;
}

/** The consent statement with `{name}` (the speaker) and `{date}` (today, German format). */
export function fillConsentStatement(template: string, name: string, date: Date = new Date()): string {
  const day = new Intl.DateTimeFormat('de-DE', { day: '2-digit', month: '2-digit', year: 'numeric' }).format(date);
  return template.replaceAll('{name}', name.trim()).replaceAll('{date}', day);
}

/** A recording's running time: "0:07", "1:23". */
export function formatClock(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds));
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}
