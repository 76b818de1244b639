import { PlugZap, RefreshCw, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/dialog';
import { toastError } from '@/lib/errors';
import { useDeleteServiceKey } from '../api/delete-service-key';
import { useTestService } from '../api/test-service';
import type { Service } from '../api/types';

/** "Aktualisieren", "Verbindung testen" and "Entfernen" (after confirmation) of one service. */
export function ServiceActions({ service, editing, onEdit }: { service: Service; editing: boolean; onEdit: () => void }) {
  const [confirmRemove, setConfirmRemove] = useState(false);
  const remove = useDeleteServiceKey({
    mutationConfig: {
      onSuccess: () => {
        setConfirmRemove(false);
        toast.success('Entfernt', { description: 'Der gespeicherte Schlüssel wurde entfernt.' });
      },
      onError: (error) => {
        setConfirmRemove(false);
        toastError(error, 'Entfernen fehlgeschlagen');
      },
    },
  });
  const test = useTestService({
    mutationConfig: {
      onSuccess: (result) => {
        // The latest test result of a service replaces the one before.
        const id = `service-test-${service.name}`;
        if (result.ok) toast.success(`Verbindungstest: ${service.name}`, { id, description: result.message });
        else toast.error(`Verbindungstest: ${service.name}`, { id, description: result.message });
      },
      onError: (error) => toastError(error, 'Verbindungstest fehlgeschlagen'),
    },
  });

  return (
    <div className="mt-auto flex flex-wrap gap-2 pt-2">
      {service.can_store_key && !editing && (
        <Button size="sm" variant="outline" onClick={onEdit} data-testid="service-update">
          <RefreshCw aria-hidden="true" />
          Aktualisieren
        </Button>
      )}
      {service.can_test && (
        <Button size="sm" variant="outline" loading={test.isPending} onClick={() => test.mutate(service.id)} data-testid="service-test">
          {!test.isPending && <PlugZap aria-hidden="true" />}
          Verbindung testen
        </Button>
      )}
      {service.source === 'database' && (
        <Button
          size="sm"
          variant="ghost"
          className="text-destructive hover:bg-destructive-soft"
          onClick={() => setConfirmRemove(true)}
          data-testid="service-remove"
        >
          <Trash2 aria-hidden="true" />
          Entfernen
        </Button>
      )}
      <ConfirmDialog
        open={confirmRemove}
        onOpenChange={setConfirmRemove}
        title="Schlüssel entfernen?"
        description={`Der im Tresor gespeicherte Schlüssel für ${service.name} wird gelöscht. Ein Schlüssel aus einer Umgebungsvariable bleibt bestehen.`}
        confirmLabel="Entfernen"
        destructive
        loading={remove.isPending}
        onConfirm={() => remove.mutate(service.id)}
      />
    </div>
  );
}
