import { useCallback, useEffect, useRef } from 'react';
import type { WizardValues } from '../utils/wizard';
import { saveWizardDraft } from '../utils/draft-store';

/** Spec section 9: the draft is saved 2 s after the last change. */
export const AUTOSAVE_DELAY_MS = 2_000;

/**
 * Saves the wizard's draft `AUTOSAVE_DELAY_MS` after the last change, while `enabled`
 * (not before the person touched anything, and not while a found draft awaits their choice).
 * `revision` counts the changes. A change still waiting is saved at once when the wizard is
 * left (another screen, a closed tab); `cancel()` drops it for good (after finishing).
 */
export function useDraftAutosave({
  userId,
  step,
  values,
  revision,
  enabled,
}: {
  userId: string;
  step: number;
  values: WizardValues;
  revision: number;
  enabled: boolean;
}) {
  const latest = useRef({ userId, step, values });
  const waiting = useRef(false);
  const cancelled = useRef(false);
  useEffect(() => {
    latest.current = { userId, step, values };
  }, [userId, step, values]);

  const flush = useCallback(() => {
    if (!waiting.current || cancelled.current) return;
    waiting.current = false;
    const { userId: u, step: s, values: v } = latest.current;
    void saveWizardDraft(u, s, v);
  }, []);

  useEffect(() => {
    if (!enabled || revision === 0 || cancelled.current) return;
    waiting.current = true;
    const timer = window.setTimeout(flush, AUTOSAVE_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [enabled, revision, flush]);

  useEffect(() => {
    window.addEventListener('pagehide', flush);
    return () => {
      window.removeEventListener('pagehide', flush);
      flush();
    };
  }, [flush]);

  const cancel = useCallback(() => {
    cancelled.current = true;
    waiting.current = false;
  }, []);

  return { cancel };
}
