import { zodResolver } from '@hookform/resolvers/zod';
import { UserPlus } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { RETRY_LATER_HINT, errorMessage } from '@/lib/errors';
import { applyServerFieldErrors } from '@/lib/form';
import { PASSWORD_MIN_LENGTH, signupInputSchema, type SignupInput } from '../api/schemas';
import { useSignup } from '../api/signup';

export function SignupForm({ onSuccess }: { onSuccess: (email: string) => void }) {
  const form = useForm<SignupInput>({
    resolver: zodResolver(signupInputSchema),
    defaultValues: { name: '', organization: '', email: '', password: '' },
  });
  const { errors } = form.formState;

  const signupMutation = useSignup({
    mutationConfig: {
      onSuccess: (_data, variables) => {
        toast.success('Registrierung erfolgreich', {
          description: 'Bitte überprüfen Sie Ihre E-Mail zur Bestätigung',
        });
        form.reset();
        onSuccess(variables.email);
      },
      onError: (error) => {
        applyServerFieldErrors(error, form.setError, ['name', 'organization', 'email', 'password']);
        toast.error('Registrierung fehlgeschlagen', {
          description: errorMessage(error, RETRY_LATER_HINT),
        });
      },
    },
  });

  return (
    <form
      noValidate
      aria-label="Registrieren"
      className="flex flex-col gap-4"
      onSubmit={form.handleSubmit((values) => signupMutation.mutate(values))}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label="Name" error={errors.name?.message}>
          <Input autoComplete="name" placeholder="Max Mustermann" {...form.register('name')} />
        </FormField>
        <FormField label="Organisation" error={errors.organization?.message}>
          <Input autoComplete="organization" placeholder="Muster GmbH" {...form.register('organization')} />
        </FormField>
      </div>
      <FormField label="E-Mail" error={errors.email?.message}>
        <Input type="email" autoComplete="email" placeholder="name@firma.de" {...form.register('email')} />
      </FormField>
      <FormField
        label="Passwort"
        error={errors.password?.message}
        hint={`Mindestens ${PASSWORD_MIN_LENGTH} Zeichen.`}
      >
        <Input type="password" autoComplete="new-password" {...form.register('password')} />
      </FormField>
      <Button type="submit" size="lg" className="mt-2 w-full" loading={signupMutation.isPending}>
        {!signupMutation.isPending && <UserPlus aria-hidden="true" />}
        Konto erstellen
      </Button>
    </form>
  );
}
