import { zodResolver } from '@hookform/resolvers/zod';
import { Webhook } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { isApiError } from '@/lib/api-client';
import { errorMessage } from '@/lib/errors';
import { useRemoveWebhook, useRotateSecret, useSaveWebhook, useTestWebhook, useWebhook } from '../api/webhook';
import { CreatedSecretDialog } from './created-secret-dialog';
import { DeliveryLog } from './delivery-log';

const schema = z.object({ url: z.string().trim().url('Bitte geben Sie eine vollständige Adresse wie https://example.com/webhook an.') });

// One toast for the webhook's latest failure or test result: a repeat replaces it.
const WEBHOOK_TOAST = 'webhook';
const failed = (e: Error) => toast.error('Fehler', { id: WEBHOOK_TOAST, description: errorMessage(e) });

/** The webhook endpoint: URL, secret (shown once, rotatable), test ping, removal, and the delivery log. */
export function WebhookCard() {
  const webhook = useWebhook();
  const save = useSaveWebhook();
  const rotate = useRotateSecret();
  const remove = useRemoveWebhook();
  const test = useTestWebhook();
  const [secret, setSecret] = useState<string | null>(null);
  const [confirmRemove, setConfirmRemove] = useState(false);
  const form = useForm<z.input<typeof schema>, unknown, z.output<typeof schema>>({ resolver: zodResolver(schema), defaultValues: { url: '' } });
  const current = webhook.data?.url;
  useEffect(() => form.reset({ url: current ?? '' }), [current, form]);
  const submit = form.handleSubmit(({ url }) =>
    save.mutate(url, { onSuccess: (saved) => (saved.secret ? setSecret(saved.secret) : toast.success('Webhook gespeichert')) }),
  );
  const serverError = isApiError(save.error) ? (save.error.fields.url ?? save.error.message) : undefined;
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Webhook className="size-5" aria-hidden="true" /> Webhook
        </CardTitle>
        <CardDescription>
          Wenn ein Auftrag fertig ist oder fehlschlägt, senden wir ein signiertes JSON-Ereignis an Ihre Adresse (Header Stimmwerk-Signature: v1=HMAC-SHA256 über „Zeitstempel.Inhalt“).
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <form noValidate onSubmit={submit} className="flex flex-col gap-3 sm:flex-row sm:items-start" aria-label="Webhook-Adresse">
          <FormField label="Adresse des Empfängers" error={form.formState.errors.url?.message ?? serverError} className="flex-1">
            <Input type="url" placeholder="https://example.com/stimmwerk-webhook" {...form.register('url')} data-testid="webhook-url" />
          </FormField>
          <Button type="submit" className="sm:mt-7" loading={save.isPending} data-testid="webhook-save">
            {current ? 'Adresse ändern' : 'Webhook einrichten'}
          </Button>
        </form>
        {current && (
          <div className="flex flex-wrap gap-2">
            <Button
              variant="outline"
              loading={test.isPending}
              onClick={() =>
                test.mutate(undefined, {
                  onSuccess: (a) =>
                    a.delivered
                      ? toast.success('Test zugestellt', { id: WEBHOOK_TOAST, description: `Ihr Empfänger antwortete ${a.status_code}.` })
                      : toast.error('Test nicht zugestellt', { id: WEBHOOK_TOAST, description: a.error ?? `Antwort ${a.status_code}` }),
                  onError: failed,
                })
              }
              data-testid="webhook-test"
            >
              Test senden
            </Button>
            <Button variant="outline" loading={rotate.isPending} onClick={() => rotate.mutate(undefined, { onSuccess: (r) => setSecret(r.secret), onError: failed })}>
              Neues Geheimnis erzeugen
            </Button>
            <Button variant="outline" onClick={() => setConfirmRemove(true)}>
              Webhook entfernen
            </Button>
          </div>
        )}
        {current && <DeliveryLog />}
      </CardContent>
      <CreatedSecretDialog secret={secret} title="Ihr Webhook-Geheimnis" copiedMessage="Geheimnis kopiert" onClose={() => setSecret(null)} />
      <ConfirmDialog
        open={confirmRemove}
        onOpenChange={setConfirmRemove}
        title="Webhook entfernen?"
        description="Es werden keine Ereignisse mehr gesendet. Das Zustellprotokoll bleibt erhalten."
        confirmLabel="Entfernen"
        destructive
        loading={remove.isPending}
        onConfirm={() => remove.mutate(undefined, { onSuccess: () => (setConfirmRemove(false), toast.success('Webhook entfernt')), onError: failed })}
      />
    </Card>
  );
}
