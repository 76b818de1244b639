/**
 * The wizard's side of the draft: its values to and from `voice-clone-draft.ts` (form in
 * localStorage, recordings in IndexedDB "VoiceCloneDB" by user id and wizard step).
 */
import {
  deleteDraftRecording,
  loadDraftRecordings,
  saveDraft,
  saveDraftRecording,
  type VoiceCloneDraft,
} from './voice-clone-draft';
import {
  clampStep,
  clampTo,
  CONSENT_STEP,
  firstInvalidStep,
  initialValues,
  SCROLL_SPEED,
  TEXT_SIZE,
  TRAINING_STEP,
  type CheckedRecording,
  type WizardValues,
} from './wizard';

const recordingCount = (v: WizardValues) => Number(v.training !== null) + Number(v.consentRecording !== null);

/** Saves the form and the recordings of the wizard for this user. */
export async function saveWizardDraft(userId: string, step: number, v: WizardValues): Promise<VoiceCloneDraft> {
  const saved = saveDraft({
    userId,
    step,
    name: v.name,
    description: v.description,
    clonedFrom: v.clonedFrom,
    textSize: v.textSize,
    scrollSpeed: v.scrollSpeed,
    consents: { ...v.consents },
    recordingCount: recordingCount(v),
  });
  const keep = async (wizardStep: number, rec: CheckedRecording | null) =>
    rec
      ? saveDraftRecording({ userId, step: wizardStep, blob: rec.blob, durationSeconds: rec.durationSeconds })
      : deleteDraftRecording(userId, wizardStep);
  await Promise.all([keep(TRAINING_STEP, v.training), keep(CONSENT_STEP, v.consentRecording)]);
  return saved;
}

/**
 * The wizard's values from a saved draft and its recordings, and the step to resume at
 * (never past the first step that is not valid, e.g. when a recording was not kept).
 */
export async function restoreWizardDraft(draft: VoiceCloneDraft): Promise<{ values: WizardValues; step: number }> {
  const recordings = await loadDraftRecordings(draft.userId);
  const find = (step: number): CheckedRecording | null => {
    const r = recordings.find((x) => x.step === step);
    return r && r.blob instanceof Blob ? { blob: r.blob, durationSeconds: r.durationSeconds } : null;
  };
  const values: WizardValues = {
    ...initialValues,
    name: draft.name,
    description: draft.description,
    clonedFrom: draft.clonedFrom,
    textSize: clampTo(draft.textSize, TEXT_SIZE),
    scrollSpeed: clampTo(draft.scrollSpeed, SCROLL_SPEED),
    consents: { ...draft.consents },
    training: find(TRAINING_STEP),
    consentRecording: find(CONSENT_STEP),
  };
  return { values, step: Math.min(clampStep(draft.step), firstInvalidStep(values)) };
}
