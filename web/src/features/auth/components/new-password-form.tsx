import { zodResolver } from '@hookform/resolvers/zod';
import { KeyRound } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { isApiError } from '@/lib/api-client';
import { RETRY_LATER_HINT, errorMessage } from '@/lib/errors';
import { applyServerFieldErrors } from '@/lib/form';
import { useConfirmPasswordReset } from '../api/password-reset-confirm';
import { newPasswordInputSchema, PASSWORD_MIN_LENGTH, type NewPasswordInput } from '../api/schemas';

type NewPasswordFormProps = {
  token: string;
  onSuccess: () => void;
  /** The link is used up, expired or unknown (422 without `fields`): the server's message. */
  onInvalidLink: (message: string) => void;
};

/** New password, typed twice, sent with the mailed token. */
export function NewPasswordForm({ token, onSuccess, onInvalidLink }: NewPasswordFormProps) {
  const form = useForm<NewPasswordInput>({
    resolver: zodResolver(newPasswordInputSchema),
    defaultValues: { password: '', passwordRepeat: '' },
  });
  const { errors } = form.formState;
  const [failure, setFailure] = useState<string | null>(null);

  const mutation = useConfirmPasswordReset({
    mutationConfig: {
      onSuccess,
      onError: (error) => {
        // The policy's verdict (too common, the address, ...) goes under the field; the link still works.
        if (applyServerFieldErrors(error, form.setError, ['password'])) {
          setFailure(null);
          form.setFocus('password');
          return;
        }
        if (isApiError(error) && error.status === 422) {
          onInvalidLink(error.message);
          return;
        }
        setFailure(errorMessage(error, RETRY_LATER_HINT));
      },
    },
  });

  return (
    <form
      noValidate
      aria-label="Neues Passwort festlegen"
      className="flex flex-col gap-4"
      onSubmit={form.handleSubmit((values) => {
        setFailure(null);
        mutation.mutate({ token, password: values.password });
      })}
    >
      {failure && (
        <Alert variant="error" title="Passwort nicht geändert">
          {failure}
        </Alert>
      )}
      <FormField
        label="Neues Passwort"
        error={errors.password?.message}
        hint={`Mindestens ${PASSWORD_MIN_LENGTH} Zeichen, nicht Ihre E-Mail-Adresse oder Ihr Name.`}
      >
        <Input type="password" autoComplete="new-password" {...form.register('password')} />
      </FormField>
      <FormField label="Neues Passwort wiederholen" error={errors.passwordRepeat?.message}>
        <Input type="password" autoComplete="new-password" {...form.register('passwordRepeat')} />
      </FormField>
      <Button type="submit" size="lg" className="mt-2 w-full" loading={mutation.isPending}>
        {!mutation.isPending && <KeyRound aria-hidden="true" />}
        Passwort speichern
      </Button>
    </form>
  );
}
