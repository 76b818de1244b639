import { toast } from 'sonner';
import { useReauthPrompt } from '@/components/reauth/reauth-dialog';
import { ConfirmDialog } from '@/components/ui/dialog';
import { toastFailure } from '@/lib/failure-toast';
import { useDeleteUser } from '../api/delete-user';
import type { AdminUser } from '../api/types';

/** Asks before deleting; names the person and what is lost and what stays. */
export function DeleteUserDialog({ user, onClose }: { user: AdminUser; onClose: () => void }) {
  const reauth = useReauthPrompt();
  const mutation = useDeleteUser({
    mutationConfig: {
      onSuccess: () => {
        toast.success('Benutzer wurde gelöscht.', { description: `${user.name} (${user.email})` });
        onClose();
      },
      onError: (error, id) => {
        if (reauth.ask(error, () => mutation.mutate(id))) return;
        toastFailure({ id: 'admin-delete-user', title: 'Fehler', text: 'Benutzer konnte nicht gelöscht werden.', error });
      },
    },
  });
  return (
    <>
      <ConfirmDialog
        open
        onOpenChange={(open) => !open && onClose()}
        title="Benutzer löschen?"
        description={
          <>
            <p>
              Sind Sie sicher, dass Sie diesen Benutzer löschen möchten? <strong className="text-foreground">{user.name}</strong> ({user.email})
            </p>
            <p className="mt-2">
              Audiodateien, Stimmen und alle Daten des Kontos werden gelöscht. Buchungen bleiben ohne Personenbezug erhalten.
            </p>
          </>
        }
        confirmLabel="Endgültig löschen"
        destructive
        loading={mutation.isPending}
        onConfirm={() => mutation.mutate(user.id)}
      />
      {reauth.dialog}
    </>
  );
}
