import type { BadgeVariant } from '@/components/ui/badge';
import { formatDate, formatEuroFromCents } from '@/lib/format';
import type { CloneState, CloneVoice } from '../api/types';

/** How the list names each state (the filter uses the same words). */
export const CLONE_STATUS_LABELS: Record<CloneState, string> = {
  training_needed: 'In Bearbeitung',
  training_in_progress: 'Training läuft',
  awaiting_activation: 'Wartet auf Aktivierung',
  completed: 'Bereit',
  failed: 'Fehlgeschlagen',
  paused: 'Pausiert – Gebühr offen',
};

export const CLONE_STATUS_VARIANTS: Record<CloneState, BadgeVariant> = {
  training_needed: 'neutral',
  training_in_progress: 'primary',
  awaiting_activation: 'primary',
  completed: 'success',
  failed: 'destructive',
  paused: 'warning',
};

/** The status filter: all, then every state. */
export const STATUS_FILTER_OPTIONS = [
  { value: 'all', label: 'Alle Status' },
  ...(Object.keys(CLONE_STATUS_LABELS) as CloneState[]).map((value) => ({ value, label: CLONE_STATUS_LABELS[value] })),
];

/** What the owner may do with a clone in its state (others' global clones: nothing). */
export function cloneActions(voice: CloneVoice) {
  const own = voice.own;
  return {
    start: own && (voice.status === 'training_needed' || voice.status === 'failed'),
    check: own && voice.status === 'training_in_progress',
    cancel: own && voice.status === 'training_in_progress',
    pay: own && voice.status === 'paused',
    activate: own && voice.status === 'awaiting_activation',
    recordings: own && voice.sample_count > 0,
    edit: own,
    remove: own,
  };
}

/** "Schritt 2 von 4 · 45 %" while training. */
export function trainingProgress(voice: CloneVoice): string {
  return `Schritt ${voice.current_training_step} von ${voice.total_training_steps} · ${voice.training_progress} %`;
}

/**
 * What "Stimme löschen?" says: the recordings go, audios made with the voice stay, and
 * what becomes of the monthly fee (a paid period is not refunded; nothing is charged
 * after the deletion).
 */
export function deleteCloneText(voice: Pick<CloneVoice, 'name' | 'paid_until'>): string {
  const base = `„${voice.name}“ wird mit allen Aufnahmen endgültig gelöscht. Audios, die mit ihr erstellt wurden, bleiben erhalten.`;
  const fee = voice.paid_until
    ? ` Die bereits bezahlte Monatsgebühr (bis ${formatDate(voice.paid_until)}) wird nicht erstattet; danach fallen für diese Stimme keine Gebühren mehr an.`
    : ' Für diese Stimme fallen danach keine Gebühren mehr an.';
  return base + fee;
}

/** A clone's fee per 30 days (spec: 1 € a month; the wizard's setup answers it too). */
export const CLONE_MONTHLY_FEE_CENT = 100;

/** What the activation dialog says before the first fee: price, period, renewal, pause and end. */
export function activationTerms(feeCents: number): string {
  const fee = formatEuroFromCents(feeCents);
  return (
    `Die Stimme kostet ${fee} pro 30 Tage. Die ersten 30 Tage werden jetzt von Ihrem Guthaben abgebucht, danach alle 30 Tage ` +
    'automatisch. Reicht das Guthaben nicht, wird die Stimme pausiert, bis Sie bezahlen. Wenn Sie die Stimme löschen, fallen keine ' +
    'weiteren Gebühren an; bereits bezahlte Zeiträume werden nicht erstattet.'
  );
}

/** Whether the clone can be heard ("Hörprobe"): trained, activated or not. */
export function isAudible(voice: Pick<CloneVoice, 'status'>): boolean {
  return voice.status === 'completed' || voice.status === 'paused' || voice.status === 'awaiting_activation';
}
