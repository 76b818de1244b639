import { useCallback, useEffect, useRef, useState } from 'react';
import { restoreWizardDraft } from '../utils/draft-store';
import { clearDraft, loadDraft, type VoiceCloneDraft } from '../utils/voice-clone-draft';
import type { WizardValues } from '../utils/wizard';

type DraftChoice = 'pending' | 'restoring' | 'decided';

type Options = {
  userId: string;
  /** Continue a saved draft without asking. */
  autoResume: boolean;
  /** The draft's step and values are back (stable: it runs from an effect). */
  onRestored: (restored: { step: number; values: WizardValues }) => void;
  /** The banner is gone without a restore: the focus goes on to the wizard. */
  onDiscarded: () => void;
};

/** The saved draft of this user, read once: continue it (at once with `autoResume`) or throw it away. */
export function useWizardDraft({ userId, autoResume, onRestored, onDiscarded }: Options) {
  const [draft] = useState<VoiceCloneDraft | null>(() => loadDraft(userId));
  const [choice, setChoice] = useState<DraftChoice>(draft ? (autoResume ? 'restoring' : 'pending') : 'decided');

  const restore = useCallback(
    async (from: VoiceCloneDraft) => {
      onRestored(await restoreWizardDraft(from));
      setChoice('decided');
    },
    [onRestored],
  );

  const resume = () => {
    if (!draft) return;
    setChoice('restoring');
    void restore(draft);
  };

  // Asked to continue (and there is a draft of this user): restore it once, right away.
  const autoRestore = useRef(autoResume && draft !== null);
  useEffect(() => {
    if (!autoRestore.current || !draft) return;
    autoRestore.current = false;
    void restore(draft);
  }, [draft, restore]);

  const discard = async () => {
    setChoice('decided');
    onDiscarded();
    await clearDraft(userId);
  };

  return { draft, choice, resume, discard };
}
