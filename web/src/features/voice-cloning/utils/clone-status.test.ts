import { describe, expect, it } from 'vitest';
import type { CloneVoice } from '../api/types';
import { activationTerms, cloneActions, CLONE_STATUS_LABELS, deleteCloneText, STATUS_FILTER_OPTIONS, trainingProgress } from './clone-status';

function voice(overrides: Partial<CloneVoice>): CloneVoice {
  return {
    id: 'v', name: 'Stimme', language: 'de-DE', status: 'completed', engine: 'local', approximation: true,
    training_progress: 0, current_training_step: 0, total_training_steps: 3, stuck: false, tags: [], times_used: 0,
    created_at: '2026-11-24T10:00:00Z', is_global: false, own: true, sample_count: 2, consent_given: true,
    teleprompter_text_size: 16, teleprompter_scroll_speed: 50,
    ...overrides,
  };
}

describe('clone status', () => {
  it('names every state in German and offers each as a filter after "all"', () => {
    expect(CLONE_STATUS_LABELS.completed).toBe('Bereit');
    expect(CLONE_STATUS_LABELS.awaiting_activation).toBe('Wartet auf Aktivierung');
    expect(STATUS_FILTER_OPTIONS.map((o) => o.value)).toEqual([
      'all',
      'training_needed',
      'training_in_progress',
      'awaiting_activation',
      'completed',
      'failed',
      'paused',
    ]);
  });

  it('offers the training actions that fit the state', () => {
    expect(cloneActions(voice({ status: 'training_needed' }))).toMatchObject({ start: true, check: false, cancel: false, pay: false });
    expect(cloneActions(voice({ status: 'failed' })).start).toBe(true);
    expect(cloneActions(voice({ status: 'training_in_progress' }))).toMatchObject({ start: false, check: true, cancel: true });
    expect(cloneActions(voice({ status: 'paused' }))).toMatchObject({ pay: true, start: false, activate: false });
    // A trained clone is heard first, then activated (its first fee): no "Jetzt bezahlen".
    expect(cloneActions(voice({ status: 'awaiting_activation' }))).toMatchObject({ activate: true, pay: false });
    expect(cloneActions(voice({ sample_count: 0 })).recordings).toBe(false);
  });

  it('states the fee terms before activation', () => {
    const terms = activationTerms(100);
    expect(terms).toContain('1,00 € pro 30 Tage');
    expect(terms).toContain('jetzt von Ihrem Guthaben abgebucht');
    expect(terms).toContain('bereits bezahlte Zeiträume werden nicht erstattet');
  });

  it("offers nothing on someone else's global clone", () => {
    expect(Object.values(cloneActions(voice({ own: false, status: 'failed' }))).some(Boolean)).toBe(false);
  });

  it('shows the step and percentage while training', () => {
    expect(trainingProgress(voice({ current_training_step: 2, total_training_steps: 4, training_progress: 45 }))).toBe('Schritt 2 von 4 · 45 %');
  });
});

describe('deleteCloneText', () => {
  it('says that a paid period is not refunded and nothing is charged afterwards', () => {
    expect(deleteCloneText({ name: 'Anna', paid_until: '2026-12-20T10:00:00Z' })).toContain(
      'Die bereits bezahlte Monatsgebühr (bis 20.12.2026) wird nicht erstattet; danach fallen für diese Stimme keine Gebühren mehr an.',
    );
    expect(deleteCloneText({ name: 'Anna', paid_until: null })).toContain('Für diese Stimme fallen danach keine Gebühren mehr an.');
  });
});
