import { useCallback, useState, type ReactNode } from 'react';
import { Dialog } from '@/components/ui/dialog';
import { isReauthRequired } from '@/lib/reauth';
import { ReauthForm } from './reauth-form';

type Props = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Runs after the password was accepted (the dialog closes first). */
  onConfirmed: () => void;
};

/** Asks for the password again before an admin change goes through. */
export function ReauthDialog({ open, onOpenChange, onConfirmed }: Props) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Passwort bestätigen"
      description="Änderungen an Konten, Guthaben, Rollen, Stimmen und an allem, was für alle gilt (globale Wörterbucheinträge, Kategorien und Tags), brauchen eine Bestätigung Ihres Passworts. Sie gilt 10 Minuten."
    >
      <ReauthForm
        submitLabel="Bestätigen und fortfahren"
        onConfirmed={() => {
          onOpenChange(false);
          onConfirmed();
        }}
      />
    </Dialog>
  );
}

export type ReauthPrompt = {
  /**
   * For a mutation's `onError`: when the server asked for the password again, opens the
   * dialog, runs `retry` once it was confirmed, and answers true (nothing else to show).
   */
  ask: (error: unknown, retry: () => void) => boolean;
  /** The dialog; render it next to the component's own content. */
  dialog: ReactNode;
};

/** The password re-entry of admin changes: ask on `reauth_required`, then repeat the change. */
export function useReauthPrompt(): ReauthPrompt {
  const [retry, setRetry] = useState<(() => void) | null>(null);
  const ask = useCallback((error: unknown, again: () => void) => {
    if (!isReauthRequired(error)) return false;
    setRetry(() => again);
    return true;
  }, []);
  const dialog = (
    <ReauthDialog
      open={retry !== null}
      onOpenChange={(open) => {
        if (!open) setRetry(null);
      }}
      onConfirmed={() => retry?.()}
    />
  );
  return { ask, dialog };
}
