import { afterEach, describe, expect, it } from 'vitest';
import { clearDraft, DRAFT_STORAGE_KEY, loadDraft, loadDraftRecordings, saveDraft, saveDraftRecording } from './voice-clone-draft';

const base = {
  userId: 'u-1',
  step: 3,
  name: 'Meine Stimme',
  description: '',
  clonedFrom: 'Erika',
  textSize: 18,
  scrollSpeed: 40,
  consents: { ownVoice: true, usage: false, terms: false },
  recordingCount: 0,
};

afterEach(() => localStorage.clear());

describe('voice-clone draft', () => {
  it('saves under one key with the time and loads it for the same user only', () => {
    const saved = saveDraft(base);
    expect(saved.lastSaved).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(JSON.parse(localStorage.getItem(DRAFT_STORAGE_KEY)!)).toMatchObject({ userId: 'u-1', step: 3, textSize: 18 });
    expect(loadDraft('u-1')).toEqual(saved);
    expect(loadDraft('u-2')).toBeNull();
  });

  it('ignores unreadable drafts', () => {
    localStorage.setItem(DRAFT_STORAGE_KEY, '{kaputt');
    expect(loadDraft('u-1')).toBeNull();
    localStorage.setItem(DRAFT_STORAGE_KEY, JSON.stringify({ userId: 'u-1' }));
    expect(loadDraft('u-1')).toBeNull();
  });

  it('clears only the own draft, never another user’s', async () => {
    saveDraft({ ...base, userId: 'u-2' });
    await clearDraft('u-1');
    expect(loadDraft('u-2')).not.toBeNull();
    await clearDraft('u-2');
    expect(localStorage.getItem(DRAFT_STORAGE_KEY)).toBeNull();
  });

  it('replaces the draft of another user (one draft per browser)', () => {
    saveDraft({ ...base, userId: 'u-2' });
    saveDraft(base);
    expect(loadDraft('u-2')).toBeNull();
    expect(loadDraft('u-1')).not.toBeNull();
  });

  it('keeps working without IndexedDB (recordings are then not kept)', async () => {
    await expect(saveDraftRecording({ userId: 'u-1', step: 4, blob: new Blob(['x']), durationSeconds: 3 })).resolves.toBeUndefined();
    await expect(loadDraftRecordings('u-1')).resolves.toEqual([]);
  });
});
