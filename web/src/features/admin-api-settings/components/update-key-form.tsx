import { useEffect, useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { Save } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { isApiError } from '@/lib/api-client';
import { FormField } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { toastError } from '@/lib/errors';
import { applyServerFieldErrors } from '@/lib/form';
import {
  KEY_TEST_FAILED_TITLE,
  serviceKeyInputSchema,
  useUpdateServiceKey,
  type ServiceKeyFormInput,
  type ServiceKeyFormOutput,
} from '../api/update-service-key';
import type { Service } from '../api/types';

/**
 * The panel to enter a new key: it is sent once and never shown again. The server tests it
 * before it goes live for every customer; a key that fails is stored only after the admin
 * read the warning and chose "Trotzdem speichern".
 */
export function UpdateKeyForm({ service, onDone }: { service: Service; onDone: () => void }) {
  const [failedTest, setFailedTest] = useState<string | null>(null);
  const form = useForm<ServiceKeyFormInput, unknown, ServiceKeyFormOutput>({
    resolver: zodResolver(serviceKeyInputSchema),
    defaultValues: { key: '' },
  });
  // The field the person came for gets the focus (react-hook-form's setFocus, not autoFocus).
  useEffect(() => form.setFocus('key'), [form]);

  const mutation = useUpdateServiceKey({
    mutationConfig: {
      onSuccess: () => {
        form.reset({ key: '' });
        toast.success('Gespeichert', { description: 'Der Schlüssel wurde verschlüsselt gespeichert.' });
        onDone();
      },
      onError: (error) => {
        if (isApiError(error) && error.title === KEY_TEST_FAILED_TITLE) return setFailedTest(error.message);
        if (applyServerFieldErrors(error, form.setError, ['key'])) return;
        toastError(error, 'Speichern fehlgeschlagen');
      },
    },
  });

  const onSubmit = (values: ServiceKeyFormOutput) => {
    setFailedTest(null);
    mutation.mutate({ serviceId: service.id, key: values.key });
  };
  const storeAnyway = () => mutation.mutate({ serviceId: service.id, key: form.getValues('key').trim(), confirmUntested: true });

  return (
    <form
      noValidate
      aria-label={`Schlüssel für ${service.name} aktualisieren`}
      onSubmit={form.handleSubmit(onSubmit)}
      className="flex flex-col gap-3 rounded-lg border border-border bg-muted/50 p-4"
      data-testid="service-key-panel"
    >
      <FormField
        label="Neuer API-Schlüssel"
        error={form.formState.errors.key?.message}
        hint="Der Schlüssel wird verschlüsselt gespeichert und danach nie wieder angezeigt."
      >
        <Input
          type="password"
          autoComplete="new-password"
          spellCheck={false}
          placeholder="Neuen Schlüssel einfügen"
          data-testid="service-key-input"
          className="font-mono"
          {...form.register('key')}
        />
      </FormField>
      {failedTest && (
        <div className="flex flex-col gap-2" data-testid="service-key-test-failed">
          <Alert variant="error" title={KEY_TEST_FAILED_TITLE}>
            {failedTest} Wenn Sie ihn trotzdem speichern, gilt er sofort für alle Kunden; schlägt er fehl, scheitern
            deren Aufträge mit diesem Anbieter.
          </Alert>
          <Button variant="destructive" size="sm" className="self-end" onClick={storeAnyway} disabled={mutation.isPending} data-testid="service-save-anyway">
            Trotzdem speichern
          </Button>
        </div>
      )}
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="outline" size="sm" onClick={onDone} disabled={mutation.isPending}>
          Abbrechen
        </Button>
        <Button type="submit" size="sm" loading={mutation.isPending} data-testid="service-save">
          {!mutation.isPending && <Save aria-hidden="true" />}
          Speichern
        </Button>
      </div>
    </form>
  );
}
