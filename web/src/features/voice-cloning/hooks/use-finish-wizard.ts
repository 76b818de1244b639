import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { paths } from '@/config/paths';
import { createClone } from '../api/create-clone';
import { voiceCloneKeys } from '../api/keys';
import { trainingAction } from '../api/training';
import type { CloneVoice, TrainingText } from '../api/types';
import { uploadSample } from '../api/upload-sample';
import { clearDraft } from '../utils/voice-clone-draft';
import type { WizardValues } from '../utils/wizard';

/** The server's German reason (an `ApiError` is an `Error`). */
const message = (error: unknown) => (error instanceof Error ? error.message : 'Unbekannter Fehler');

/**
 * "Fertigstellen": create the clone (with the consents), upload the training recording and the
 * consent recording, start the training. A retry after a failed upload goes on with the clone
 * already created (and the uploads already done) instead of creating a second one.
 */
export function useFinishWizard({
  userId,
  values,
  trainingText,
  consentStatement,
  onDone,
}: {
  userId: string;
  values: WizardValues;
  trainingText: TrainingText | undefined;
  consentStatement: string;
  /** Called before leaving the wizard (e.g. to stop the autosave). */
  onDone?: () => void;
}) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [pending, setPending] = useState(false);
  const progress = useRef<{ voice: CloneVoice | null; training: boolean; consent: boolean }>({
    voice: null,
    training: false,
    consent: false,
  });

  const leave = async () => {
    onDone?.();
    await clearDraft(userId);
    await queryClient.invalidateQueries({ queryKey: voiceCloneKeys.lists() });
    void navigate(paths.voiceCloning);
  };

  const finish = async () => {
    if (pending || !values.training || !values.consentRecording) return;
    setPending(true);
    const done = progress.current;
    try {
      if (!done.voice) {
        try {
          done.voice = await createClone({
            name: values.name.trim(),
            cloned_from: values.clonedFrom.trim(),
            description: values.description.trim() || null,
            teleprompter_text_size: values.textSize,
            teleprompter_scroll_speed: values.scrollSpeed,
            consents: { own_voice: values.consents.ownVoice, usage: values.consents.usage, terms: values.consents.terms },
          });
        } catch (error) {
          toast.error('Fehler beim Erstellen der Stimme', { description: message(error) });
          return;
        }
      }
      const voiceId = done.voice.id;
      try {
        if (!done.training) {
          await uploadSample(voiceId, {
            file: values.training.blob,
            kind: 'training',
            step: trainingText?.step_number ?? 1,
            transcript: trainingText?.content ?? null,
          });
          done.training = true;
        }
        if (!done.consent) {
          await uploadSample(voiceId, { file: values.consentRecording.blob, kind: 'consent', step: 0, transcript: consentStatement });
          done.consent = true;
        }
      } catch (error) {
        toast.error('Upload fehlgeschlagen', { description: message(error) });
        return;
      }
      try {
        await trainingAction(voiceId, 'start');
        toast.success('Stimme erstellt', { description: 'Das Training wurde gestartet.' });
      } catch (error) {
        toast.error('Training-Start fehlgeschlagen', {
          description: `Die Stimme wurde erstellt. Bitte starten Sie das Training manuell. (${message(error)})`,
        });
      }
      await leave();
    } finally {
      setPending(false);
    }
  };

  return { finish, pending };
}
