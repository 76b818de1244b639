import { MailCheck } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { RETRY_LATER_HINT, errorMessage } from '@/lib/errors';
import { applyServerFieldErrors } from '@/lib/form';
import { useConfirmEmail } from '../api/confirm-email';

type ConfirmEmailFormProps = {
  token: string;
  onConfirmed: () => void;
};

/**
 * Someone signed up with this address more than once before it was confirmed: the link
 * confirms only with the password of the last sign-up, so a stranger who signed up with
 * the owner's address cannot have her confirm his password by clicking.
 */
export function ConfirmEmailForm({ token, onConfirmed }: ConfirmEmailFormProps) {
  const form = useForm<{ password: string }>({ defaultValues: { password: '' } });
  const [failure, setFailure] = useState<string | null>(null);
  const mutation = useConfirmEmail({
    mutationConfig: {
      onSuccess: onConfirmed,
      onError: (error) => {
        if (applyServerFieldErrors(error, form.setError, ['password'])) {
          setFailure(null);
          form.setFocus('password');
          return;
        }
        setFailure(errorMessage(error, RETRY_LATER_HINT));
      },
    },
  });

  return (
    <form
      noValidate
      aria-label="E-Mail-Adresse bestätigen"
      className="flex flex-col gap-4"
      onSubmit={form.handleSubmit(({ password }) => {
        setFailure(null);
        mutation.mutate({ token, password });
      })}
    >
      <Alert variant="info">
        Mit dieser Adresse wurde sich mehrmals registriert. Bitte bestätigen Sie sie mit dem Passwort, das Sie bei
        Ihrer Registrierung gewählt haben.
      </Alert>
      {failure && (
        <Alert variant="error" title="Nicht bestätigt">
          {failure}
        </Alert>
      )}
      <FormField label="Passwort" error={form.formState.errors.password?.message}>
        <Input
          type="password"
          autoComplete="current-password"
          {...form.register('password', { required: 'Bitte geben Sie Ihr Passwort ein.' })}
        />
      </FormField>
      <Button type="submit" size="lg" className="mt-2 w-full" loading={mutation.isPending}>
        {!mutation.isPending && <MailCheck aria-hidden="true" />}
        Adresse bestätigen
      </Button>
    </form>
  );
}
