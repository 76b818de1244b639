import { zodResolver } from '@hookform/resolvers/zod';
import { KeyRound } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { z } from 'zod';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { LoadErrorAlert } from '@/components/ui/load-error-alert';
import { LoadingSkeleton } from '@/components/ui/skeleton';
import { errorMessage, serverMessage } from '@/lib/errors';
import { formatDateTime } from '@/lib/format';
import { useApiKeys, useCreateKey, useRevokeKey, type ApiKey } from '../api/keys';
import { CreatedSecretDialog } from './created-secret-dialog';

const schema = z.object({
  name: z
    .string()
    .transform((v) => v.trim())
    .pipe(z.string().min(1, 'Bitte geben Sie dem Schlüssel einen Namen.').max(80, 'Höchstens 80 Zeichen.')),
});

/** "API-Schlüssel": list, create (the key is shown once), revoke after a confirmation. */
export function ApiKeysCard() {
  const keys = useApiKeys();
  const create = useCreateKey();
  const revoke = useRevokeKey();
  const [secret, setSecret] = useState<string | null>(null);
  const [doomed, setDoomed] = useState<ApiKey | null>(null);
  const form = useForm<z.input<typeof schema>, unknown, z.output<typeof schema>>({ resolver: zodResolver(schema), defaultValues: { name: '' } });
  const submit = form.handleSubmit(({ name }) =>
    create.mutate(name, { onSuccess: (created) => (form.reset(), setSecret(created.secret)) }),
  );
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <KeyRound className="size-5" aria-hidden="true" /> API-Schlüssel
        </CardTitle>
        <CardDescription>Mit einem Schlüssel ruft Ihr Programm die Entwickler-API auf: Authorization: Bearer sw_…</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-5">
        <form noValidate onSubmit={submit} className="flex flex-col gap-3 sm:flex-row sm:items-start" aria-label="Neuer API-Schlüssel">
          <FormField label="Name des Schlüssels" error={form.formState.errors.name?.message ?? serverMessage(create.error)} className="flex-1">
            <Input placeholder="z. B. Produktion oder CMS-Plugin" {...form.register('name')} data-testid="key-name" />
          </FormField>
          <Button type="submit" className="sm:mt-7" loading={create.isPending} data-testid="key-create">
            Schlüssel erstellen
          </Button>
        </form>
        {keys.isPending ? (
          <LoadingSkeleton label="Schlüssel werden geladen…" rows={2} />
        ) : keys.isError ? (
          <LoadErrorAlert title="Schlüssel konnten nicht geladen werden" error={keys.error} onRetry={() => void keys.refetch()} />
        ) : keys.data.length === 0 ? (
          <p className="text-sm text-muted-foreground">Noch keine Schlüssel.</p>
        ) : (
          <ul className="divide-y divide-border rounded-lg border border-border" aria-label="Ihre API-Schlüssel">
            {keys.data.map((key) => (
              <li key={key.id} className="flex flex-wrap items-center gap-x-4 gap-y-1 px-4 py-3 text-sm" data-testid="key-row">
                <span className="font-medium">{key.name}</span>
                <code className="text-muted-foreground" data-testid="key-prefix">
                  {key.prefix}…
                </code>
                <Badge variant={key.revoked_at ? 'neutral' : 'success'}>{key.revoked_at ? 'Widerrufen' : 'Aktiv'}</Badge>
                <span className="text-xs text-muted-foreground">Erstellt {formatDateTime(key.created_at)}</span>
                <span className="text-xs text-muted-foreground">
                  Zuletzt benutzt: {key.last_used_at ? formatDateTime(key.last_used_at) : 'Nie'}
                </span>
                {!key.revoked_at && (
                  <Button size="sm" variant="outline" className="ml-auto" onClick={() => setDoomed(key)} data-testid="key-revoke">
                    Widerrufen
                  </Button>
                )}
              </li>
            ))}
          </ul>
        )}
      </CardContent>
      <CreatedSecretDialog secret={secret} title="Ihr neuer API-Schlüssel" copiedMessage="API Key kopiert" onClose={() => setSecret(null)} />
      <ConfirmDialog
        open={doomed !== null}
        onOpenChange={(open) => !open && setDoomed(null)}
        title={`Schlüssel „${doomed?.name ?? ''}“ widerrufen?`}
        description="Programme mit diesem Schlüssel erhalten ab sofort 401. Das lässt sich nicht rückgängig machen."
        confirmLabel="Widerrufen"
        destructive
        loading={revoke.isPending}
        onConfirm={() =>
          doomed &&
          revoke.mutate(doomed.id, {
            onSuccess: () => (toast.success('Schlüssel widerrufen'), setDoomed(null)),
            onError: (e) => toast.error('Fehler', { id: 'api-key-revoke', description: errorMessage(e) }),
          })
        }
      />
    </Card>
  );
}
