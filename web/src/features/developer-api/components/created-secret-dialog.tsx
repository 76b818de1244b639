import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { CopyButton } from '@/components/ui/copy-button';
import { Dialog } from '@/components/ui/dialog';

/** Shows a just-made secret (API key or webhook secret) once, with a copy button. */
export function CreatedSecretDialog({
  secret,
  title,
  copiedMessage,
  onClose,
}: {
  secret: string | null;
  title: string;
  copiedMessage: string;
  onClose: () => void;
}) {
  return (
    <Dialog
      open={secret !== null}
      onOpenChange={(open) => !open && onClose()}
      title={title}
      description="Kopieren Sie ihn jetzt: Er wird nur dieses eine Mal angezeigt und nirgends im Klartext gespeichert."
      footer={<Button onClick={onClose}>Fertig</Button>}
    >
      <div className="flex items-center gap-2 rounded-lg border border-border bg-muted p-3">
        <code className="min-w-0 flex-1 break-all text-sm" data-testid="created-secret">
          {secret}
        </code>
        <CopyButton value={secret ?? ''} label="Kopieren" copiedMessage={copiedMessage} testId="copy-secret" />
      </div>
      <Alert variant="info" title="Sicher aufbewahren" className="mt-4">
        Wer diesen Wert kennt, handelt in Ihrem Namen. Legen Sie ihn in einen Passwort-Manager oder eine Umgebungsvariable, nie in Quellcode.
      </Alert>
    </Dialog>
  );
}
