import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { authKeys } from '@/lib/auth';
import { errorMessage, toastError } from '@/lib/errors';
import { deleteClone, payClone } from '../api/clone-actions';
import { refreshClones } from '../api/get-clones';
import { trainingAction } from '../api/training';
import type { CloneVoice, TrainingAction } from '../api/types';

/** The spec's error toast title of each training action. */
const ACTION_ERRORS: Record<TrainingAction, string> = {
  start: 'Fehler beim Starten des Trainings',
  check_status: 'Fehler beim Abrufen des Trainingsstatus',
  cancel: 'Fehler beim Abbrechen des Trainings',
  reset: 'Fehler beim Zurücksetzen',
};

/** A failed action replaces an earlier toast of the same failure (its title is its id). */
function toastFailure(title: string, error: unknown) {
  toast.error(title, { id: title, description: errorMessage(error) });
}

/** What the result of an action tells the user (check_status: finished or failed). */
function toastOutcome(action: TrainingAction, voice: CloneVoice) {
  if (voice.status === 'completed' && (action === 'check_status' || action === 'start')) {
    toast.success('Training abgeschlossen', { description: `„${voice.name}“ ist bereit.` });
  } else if (voice.status === 'failed' && action === 'check_status') {
    toast.error('Training fehlgeschlagen', {
      description: voice.training_error ?? 'Bitte prüfen Sie die Aufnahmen und starten Sie das Training erneut.',
    });
  } else if (action === 'start') {
    toast.success('Training gestartet', { description: `„${voice.name}“ wird trainiert.` });
  } else if (action === 'cancel') {
    toast.success('Training abgebrochen');
  } else if (action === 'reset') {
    toast.success('Training zurückgesetzt', { description: 'Sie können es jetzt neu starten.' });
  } else if (action === 'check_status') {
    // Asking again replaces the progress instead of stacking old percentages.
    toast.info('Training läuft noch', { id: `training-progress-${voice.id}`, description: `${voice.training_progress} % erledigt.` });
  }
}

/** Training actions, pay and delete of one clone, with the spec's toasts; the lists refresh after each. */
export function useCloneActions() {
  const queryClient = useQueryClient();
  const training = useMutation({
    mutationFn: ({ id, action }: { id: string; action: TrainingAction }) => trainingAction(id, action),
    onSuccess: (voice, { action }) => toastOutcome(action, voice),
    onError: (error, { action }) => toastFailure(ACTION_ERRORS[action], error),
    onSettled: () => refreshClones(queryClient),
  });
  const pay = useMutation({
    mutationFn: (id: string) => payClone(id),
    // One call activates a trained clone and pays a paused one: the answer is the clone, usable now.
    onSuccess: (voice) => toast.success('Stimme nutzbar', { description: `„${voice.name}“ ist aktiv; die Monatsgebühr ist bezahlt.` }),
    onError: (error) => toastError(error, 'Bezahlen fehlgeschlagen'),
    onSettled: () => Promise.all([refreshClones(queryClient), queryClient.invalidateQueries({ queryKey: authKeys.me() })]),
  });
  const remove = useMutation({
    mutationFn: (id: string) => deleteClone(id),
    onSuccess: () => toast.success('Stimme gelöscht'),
    onError: (error) => toastFailure('Fehler beim Löschen', error),
    onSettled: () => refreshClones(queryClient),
  });
  return { training, pay, remove };
}
