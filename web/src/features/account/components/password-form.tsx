import { zodResolver } from '@hookform/resolvers/zod';
import { KeyRound } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { applyServerFieldErrors } from '@/lib/form';
import { PASSWORD_MIN_LENGTH, passwordInputSchema, useChangePassword, type PasswordInput } from '../api/change-password';
import { errorResult, FormResultAlert, type FormResult } from './form-result';

const EMPTY: PasswordInput = { current_password: '', new_password: '', repeat_password: '' };

/** "Passwort ändern": current, new and repeated; every other session ends. */
export function PasswordForm() {
  const [result, setResult] = useState<FormResult | null>(null);
  const form = useForm<PasswordInput>({ resolver: zodResolver(passwordInputSchema), defaultValues: EMPTY });
  const { errors } = form.formState;

  const mutation = useChangePassword({
    mutationConfig: {
      onSuccess: () => {
        form.reset(EMPTY);
        setResult({
          kind: 'success',
          title: 'Passwort geändert.',
          message: 'Alle anderen Sitzungen wurden abgemeldet und Ihre API-Schlüssel widerrufen; diese bleibt angemeldet.',
        });
      },
      onError: (error) => {
        if (applyServerFieldErrors(error, form.setError, ['current_password', 'new_password'])) return;
        setResult(errorResult(error, 'Passwort nicht geändert'));
      },
    },
  });

  const onSubmit = ({ current_password, new_password }: PasswordInput) => {
    setResult(null);
    mutation.mutate({ current_password, new_password });
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle id="password-title">Passwort ändern</CardTitle>
        <CardDescription>Danach werden alle anderen Sitzungen beendet und Ihre API-Schlüssel widerrufen.</CardDescription>
      </CardHeader>
      <CardContent>
        <form
          noValidate
          aria-labelledby="password-title"
          onSubmit={form.handleSubmit(onSubmit)}
          className="flex flex-col gap-4"
          data-testid="password-form"
        >
          <FormField label="Aktuelles Passwort" error={errors.current_password?.message}>
            <Input type="password" autoComplete="current-password" {...form.register('current_password')} />
          </FormField>
          <FormField label="Neues Passwort" error={errors.new_password?.message} hint={`Mindestens ${PASSWORD_MIN_LENGTH} Zeichen.`}>
            <Input type="password" autoComplete="new-password" {...form.register('new_password')} />
          </FormField>
          <FormField label="Neues Passwort wiederholen" error={errors.repeat_password?.message}>
            <Input type="password" autoComplete="new-password" {...form.register('repeat_password')} />
          </FormField>
          <FormResultAlert result={result} />
          <div className="flex justify-end">
            <Button type="submit" loading={mutation.isPending}>
              {!mutation.isPending && <KeyRound aria-hidden="true" />}
              Passwort ändern
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
