import { zodResolver } from '@hookform/resolvers/zod';
import { Send } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { applyServerFieldErrors } from '@/lib/form';
import { useRequestPasswordReset } from '../api/password-reset';
import { emailInputSchema, type EmailInput } from '../api/schemas';
import { failedOutcome, MailOutcome, type MailOutcomeState } from './mail-outcome';

type ForgotPasswordDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The address typed into the sign-in form, read when the dialog opens. */
  defaultEmail: string;
};

/** "Passwort vergessen?": asks for the address and mails a link to `/auth/reset`. */
export function ForgotPasswordDialog({ open, onOpenChange, defaultEmail }: ForgotPasswordDialogProps) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Passwort zurücksetzen"
      description="Geben Sie die E-Mail-Adresse Ihres Kontos ein. Wir senden Ihnen einen Link, mit dem Sie ein neues Passwort festlegen können."
    >
      {/* Mounted on each opening, so the address is taken fresh from the sign-in form. */}
      <ForgotPasswordForm defaultEmail={defaultEmail} onClose={() => onOpenChange(false)} />
    </Dialog>
  );
}

function ForgotPasswordForm({ defaultEmail, onClose }: { defaultEmail: string; onClose: () => void }) {
  const form = useForm<EmailInput>({
    resolver: zodResolver(emailInputSchema),
    defaultValues: { email: defaultEmail.trim() },
  });
  const { errors } = form.formState;
  const [outcome, setOutcome] = useState<MailOutcomeState>(null);
  const mutation = useRequestPasswordReset({
    mutationConfig: {
      onSuccess: ({ message }) => setOutcome({ kind: 'sent', message }),
      onError: (error) => {
        setOutcome(applyServerFieldErrors(error, form.setError, ['email']) ? null : failedOutcome(error));
      },
    },
  });

  return (
    <form
      noValidate
      aria-label="Link zum Zurücksetzen anfordern"
      className="flex flex-col gap-4"
      onSubmit={form.handleSubmit((values) => {
        setOutcome(null);
        mutation.mutate({ email: values.email });
      })}
    >
      <FormField label="E-Mail" error={errors.email?.message}>
        <Input type="email" autoComplete="email" placeholder="name@firma.de" {...form.register('email')} />
      </FormField>
      <MailOutcome outcome={outcome} failedTitle="Link nicht gesendet" />
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onClose}>
          {outcome?.kind === 'sent' ? 'Zurück zur Anmeldung' : 'Abbrechen'}
        </Button>
        <Button type="submit" loading={mutation.isPending}>
          {!mutation.isPending && <Send aria-hidden="true" />}
          Link senden
        </Button>
      </div>
    </form>
  );
}
