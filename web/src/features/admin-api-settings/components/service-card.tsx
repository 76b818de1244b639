import { ExternalLink, KeyRound, PlugZap, RefreshCw, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/dialog';
import { isApiError } from '@/lib/api-client';
import { useDeleteServiceKey } from '../api/delete-service-key';
import { useTestService } from '../api/test-service';
import type { Service } from '../api/types';
import { SOURCE_LABELS } from '../utils/categories';
import { UpdateKeyForm } from './update-key-form';

function showError(error: unknown, fallbackTitle: string) {
  if (isApiError(error)) toast.error(error.title, { description: error.message });
  else toast.error(fallbackTitle, { description: 'Bitte versuchen Sie es erneut.' });
}

function ExternalButtonLink({ href, children }: { href: string; children: string }) {
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      className="inline-flex items-center gap-1 text-sm font-medium text-primary underline-offset-4 hover:underline"
    >
      {children}
      <ExternalLink className="size-3.5" aria-hidden="true" />
    </a>
  );
}

export function ServiceCard({ service }: { service: Service }) {
  const [editing, setEditing] = useState(false);
  const [confirmRemove, setConfirmRemove] = useState(false);
  const configured = service.status === 'configured';

  const removeMutation = useDeleteServiceKey({
    mutationConfig: {
      onSuccess: () => {
        setConfirmRemove(false);
        toast.success('Entfernt', { description: 'Der gespeicherte Schlüssel wurde entfernt.' });
      },
      onError: (error) => {
        setConfirmRemove(false);
        showError(error, 'Entfernen fehlgeschlagen');
      },
    },
  });

  const testMutation = useTestService({
    mutationConfig: {
      onSuccess: (result) => {
        if (result.ok) toast.success(`Verbindungstest: ${service.name}`, { description: result.message });
        else toast.error(`Verbindungstest: ${service.name}`, { description: result.message });
      },
      onError: (error) => showError(error, 'Verbindungstest fehlgeschlagen'),
    },
  });

  return (
    <Card data-testid="service-card" data-service-id={service.id} data-status={service.status} className="flex flex-col">
      <CardContent className="flex flex-1 flex-col gap-3 pt-5 sm:pt-6">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <h3 className="text-base font-semibold leading-tight">{service.name}</h3>
          <div className="flex flex-wrap gap-1.5">
            <Badge variant="outline">{service.category}</Badge>
            <Badge variant={configured ? 'success' : 'destructive'} data-testid="service-status">
              {configured ? 'Konfiguriert' : 'Fehlt'}
            </Badge>
          </div>
        </div>

        {(service.source || service.key_last4) && (
          <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-muted-foreground">
            {service.source && <span data-testid="service-source">{SOURCE_LABELS[service.source] ?? service.source}</span>}
            {service.key_last4 && (
              <span className="inline-flex items-center gap-1">
                <KeyRound className="size-3.5" aria-hidden="true" />
                <span className="sr-only">Schlüssel endet auf</span>
                <code className="font-mono text-foreground" data-testid="service-last4">
                  …{service.key_last4}
                </code>
              </span>
            )}
          </div>
        )}

        <p className="text-sm text-muted-foreground">{service.description}</p>

        <p className="flex flex-wrap items-center gap-1.5 text-xs text-muted-foreground">
          Secret:
          <code className="rounded bg-muted px-1.5 py-0.5 font-mono text-foreground" data-testid="service-secret">
            {service.secret_name}
          </code>
        </p>

        {(service.key_url || service.docs_url) && (
          <div className="flex flex-wrap gap-x-4 gap-y-1">
            {service.key_url && <ExternalButtonLink href={service.key_url}>API-Key erhalten</ExternalButtonLink>}
            {service.docs_url && <ExternalButtonLink href={service.docs_url}>Dokumentation</ExternalButtonLink>}
          </div>
        )}

        {editing && <UpdateKeyForm service={service} onDone={() => setEditing(false)} />}

        <div className="mt-auto flex flex-wrap gap-2 pt-2">
          {service.can_store_key && !editing && (
            <Button size="sm" variant="outline" onClick={() => setEditing(true)} data-testid="service-update">
              <RefreshCw aria-hidden="true" />
              Aktualisieren
            </Button>
          )}
          {service.can_test && (
            <Button
              size="sm"
              variant="outline"
              loading={testMutation.isPending}
              onClick={() => testMutation.mutate(service.id)}
              data-testid="service-test"
            >
              {!testMutation.isPending && <PlugZap aria-hidden="true" />}
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
        </div>
      </CardContent>

      <ConfirmDialog
        open={confirmRemove}
        onOpenChange={setConfirmRemove}
        title="Schlüssel entfernen?"
        description={`Der im Tresor gespeicherte Schlüssel für ${service.name} wird gelöscht. Ein Schlüssel aus einer Umgebungsvariable bleibt bestehen.`}
        confirmLabel="Entfernen"
        destructive
        loading={removeMutation.isPending}
        onConfirm={() => removeMutation.mutate(service.id)}
      />
    </Card>
  );
}
