import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { applyServerFieldErrors } from '@/lib/form';
import { deleteAccountInputSchema, useDeleteAccount, type DeleteAccountInput } from '../api/delete-account';
import { errorResult, FormResultAlert, type FormResult } from './form-result';

const CONSEQUENCES = (
  <>
    <p>Das kann nicht rückgängig gemacht werden.</p>
    <ul className="mt-2 list-disc space-y-1 pl-5">
      <li>Ihre Audios, Ihre eigenen Stimmen und Ihre Kontodaten werden gelöscht.</li>
      <li>Alle Sitzungen enden; Ihr restliches Guthaben verfällt.</li>
      <li>Ihre Buchungen bleiben aus Gründen der Buchhaltung erhalten, aber anonym, ohne Bezug zu Ihrer Person.</li>
    </ul>
  </>
);

/** Asks for the password before the account is deleted; afterwards the landing page opens. */
export function DeleteAccountDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const formId = useId();
  const [result, setResult] = useState<FormResult | null>(null);
  const form = useForm<DeleteAccountInput>({ resolver: zodResolver(deleteAccountInputSchema), defaultValues: { password: '' } });

  const mutation = useDeleteAccount({
    mutationConfig: {
      onSuccess: () => {
        toast.success('Konto gelöscht', { description: 'Ihr Konto und Ihre Daten wurden gelöscht.' });
      },
      onError: (error) => {
        form.setValue('password', '');
        if (applyServerFieldErrors(error, form.setError, ['password'])) {
          form.setFocus('password');
          return;
        }
        setResult(errorResult(error, 'Konto nicht gelöscht'));
      },
    },
  });

  const change = (next: boolean) => {
    if (mutation.isPending) return;
    if (!next) {
      form.reset({ password: '' });
      setResult(null);
    }
    onOpenChange(next);
  };

  return (
    <Dialog
      open={open}
      onOpenChange={change}
      title="Konto endgültig löschen?"
      description={CONSEQUENCES}
      footer={
        <>
          <Button variant="outline" onClick={() => change(false)} disabled={mutation.isPending}>
            Abbrechen
          </Button>
          <Button type="submit" form={formId} variant="destructive" loading={mutation.isPending}>
            Konto endgültig löschen
          </Button>
        </>
      }
    >
      <form
        id={formId}
        noValidate
        aria-label="Konto löschen"
        onSubmit={form.handleSubmit((values) => {
          setResult(null);
          mutation.mutate(values);
        })}
        className="flex flex-col gap-3"
      >
        <FormField label="Passwort zur Bestätigung" error={form.formState.errors.password?.message}>
          <Input type="password" autoComplete="current-password" {...form.register('password')} />
        </FormField>
        <FormResultAlert result={result} />
      </form>
    </Dialog>
  );
}
