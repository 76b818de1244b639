import type { BadgeVariant } from '@/components/ui/badge';
import type { CloneState, CloneVoice } from '../api/types';

/** How the list names each state (the filter uses the same words). */
export const CLONE_STATUS_LABELS: Record<CloneState, string> = {
  training_needed: 'In Bearbeitung',
  training_in_progress: 'Training läuft',
  completed: 'Bereit',
  failed: 'Fehlgeschlagen',
  paused: 'Pausiert – Gebühr offen',
};

export const CLONE_STATUS_VARIANTS: Record<CloneState, BadgeVariant> = {
  training_needed: 'neutral',
  training_in_progress: 'primary',
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
    recordings: own && voice.sample_count > 0,
    edit: own,
    remove: own,
  };
}

/** "Schritt 2 von 4 · 45 %" while training. */
export function trainingProgress(voice: CloneVoice): string {
  return `Schritt ${voice.current_training_step} von ${voice.total_training_steps} · ${voice.training_progress} %`;
}
