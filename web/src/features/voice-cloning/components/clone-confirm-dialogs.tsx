import { ConfirmDialog } from '@/components/ui/dialog';
import { formatEuroFromCents } from '@/lib/format';
import type { CloneVoice } from '../api/types';
import type { useCloneActions } from '../hooks/use-clone-actions';
import { activationTerms, CLONE_MONTHLY_FEE_CENT, deleteCloneText } from '../utils/clone-status';

type Actions = ReturnType<typeof useCloneActions>;

/** "Stimme löschen?" with what becomes of the fee (closed while `voice` is null). */
export function DeleteCloneDialog({ voice, actions, onClose }: { voice: CloneVoice | null; actions: Actions; onClose: () => void }) {
  return (
    <ConfirmDialog
      open={voice !== null}
      onOpenChange={(open) => !open && onClose()}
      title="Stimme löschen?"
      description={voice ? deleteCloneText(voice) : ''}
      confirmLabel="Endgültig löschen"
      destructive
      loading={actions.remove.isPending}
      onConfirm={() => {
        if (voice) actions.remove.mutate(voice.id, { onSettled: onClose });
      }}
    />
  );
}

/** "Stimme aktivieren?": the fee's terms before the first 30 days are charged (closed while `voice` is null). */
export function ActivateCloneDialog({ voice, actions, onClose }: { voice: CloneVoice | null; actions: Actions; onClose: () => void }) {
  return (
    <ConfirmDialog
      open={voice !== null}
      onOpenChange={(open) => !open && onClose()}
      title="Stimme aktivieren?"
      description={voice ? `„${voice.name}“: ${activationTerms(CLONE_MONTHLY_FEE_CENT)}` : ''}
      confirmLabel={`Für ${formatEuroFromCents(CLONE_MONTHLY_FEE_CENT)} aktivieren`}
      loading={actions.pay.isPending}
      onConfirm={() => {
        if (voice) actions.pay.mutate(voice.id, { onSettled: onClose });
      }}
    />
  );
}
