import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { applyServerFieldErrors } from '@/lib/form';
import { disableTwoFactorInputSchema, useDisableTwoFactor, type DisableTwoFactorInput } from '../api/disable-two-factor';
import { errorResult, FormResultAlert, type FormResult } from './form-result';

const EMPTY: DisableTwoFactorInput = { password: '', code: '' };

/** "Ausschalten": asks for the password and a current code (or a recovery code). */
export function DisableTwoFactorDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const formId = useId();
  const [result, setResult] = useState<FormResult | null>(null);
  const form = useForm<DisableTwoFactorInput>({ resolver: zodResolver(disableTwoFactorInputSchema), defaultValues: EMPTY });
  const { errors } = form.formState;

  const mutation = useDisableTwoFactor({
    mutationConfig: {
      onSuccess: () => {
        toast.success('Zwei-Faktor-Anmeldung ausgeschaltet', { description: 'Sie melden sich wieder nur mit Ihrem Passwort an.' });
        form.reset(EMPTY);
        setResult(null);
        onOpenChange(false);
      },
      onError: (error) => {
        form.setValue('code', '');
        if (applyServerFieldErrors(error, form.setError, ['password', 'code'])) return;
        setResult(errorResult(error, 'Nicht ausgeschaltet'));
      },
    },
  });

  const change = (next: boolean) => {
    if (mutation.isPending) return;
    if (!next) {
      form.reset(EMPTY);
      setResult(null);
    }
    onOpenChange(next);
  };

  return (
    <Dialog
      open={open}
      onOpenChange={change}
      title="Zwei-Faktor-Anmeldung ausschalten?"
      description="Danach genügt wieder Ihr Passwort zur Anmeldung. Bitte bestätigen Sie mit Ihrem Passwort und einem Code."
      footer={
        <>
          <Button variant="outline" onClick={() => change(false)} disabled={mutation.isPending}>
            Abbrechen
          </Button>
          <Button type="submit" form={formId} variant="destructive" loading={mutation.isPending}>
            Ausschalten
          </Button>
        </>
      }
    >
      <form
        id={formId}
        noValidate
        aria-label="Zwei-Faktor-Anmeldung ausschalten"
        onSubmit={form.handleSubmit((values) => {
          setResult(null);
          mutation.mutate(disableTwoFactorInputSchema.parse(values));
        })}
        className="flex flex-col gap-3"
      >
        <FormField label="Passwort" error={errors.password?.message}>
          <Input type="password" autoComplete="current-password" {...form.register('password')} />
        </FormField>
        <FormField label="Code aus der App" error={errors.code?.message} hint="Oder einer Ihrer Wiederherstellungscodes.">
          <Input autoComplete="one-time-code" className="font-mono" {...form.register('code')} />
        </FormField>
        <FormResultAlert result={result} />
      </form>
    </Dialog>
  );
}
