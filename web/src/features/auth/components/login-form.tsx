import { zodResolver } from '@hookform/resolvers/zod';
import { LogIn } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { isApiError } from '@/lib/api-client';
import type { User } from '@/lib/auth';
import { applyServerFieldErrors } from '@/lib/form';
import { useLogin } from '../api/login';
import { loginInputSchema, type LoginInput } from '../api/schemas';

export function LoginForm({ defaultEmail = '', onSuccess }: { defaultEmail?: string; onSuccess: (user: User) => void }) {
  const form = useForm<LoginInput>({
    resolver: zodResolver(loginInputSchema),
    defaultValues: { email: defaultEmail, password: '' },
  });
  const { errors } = form.formState;

  const loginMutation = useLogin({
    mutationConfig: {
      onSuccess: (user) => {
        toast.success('Erfolgreich angemeldet', { description: 'Willkommen zurück' });
        onSuccess(user);
      },
      onError: (error) => {
        applyServerFieldErrors(error, form.setError, ['email', 'password']);
        toast.error('Anmeldung fehlgeschlagen', {
          description: isApiError(error) ? error.message : 'Bitte versuchen Sie es später erneut.',
        });
      },
    },
  });

  return (
    <form
      noValidate
      aria-label="Anmelden"
      className="flex flex-col gap-4"
      onSubmit={form.handleSubmit((values) => loginMutation.mutate(values))}
    >
      <FormField label="E-Mail" error={errors.email?.message}>
        <Input type="email" autoComplete="email" placeholder="name@firma.de" {...form.register('email')} />
      </FormField>
      <FormField label="Passwort" error={errors.password?.message}>
        <Input type="password" autoComplete="current-password" {...form.register('password')} />
      </FormField>
      <Button type="submit" size="lg" className="mt-2 w-full" loading={loginMutation.isPending}>
        {!loginMutation.isPending && <LogIn aria-hidden="true" />}
        Anmelden
      </Button>
    </form>
  );
}
