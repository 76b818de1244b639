import { zodResolver } from '@hookform/resolvers/zod';
import { LogIn } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { isApiError } from '@/lib/api-client';
import type { User } from '@/lib/auth';
import { RETRY_LATER_HINT, errorMessage } from '@/lib/errors';
import { applyServerFieldErrors } from '@/lib/form';
import { useLogin } from '../api/login';
import { isTwoFactorRequired } from '../api/login-code';
import { loginInputSchema, type LoginInput } from '../api/schemas';
import { CodeStepForm } from './code-step-form';
import { ForgotPasswordDialog } from './forgot-password-dialog';
import { LoginLinkControl, useLoginLinkAction } from './login-link-action';
import { ResendConfirmationControl } from './resend-confirmation-control';

type LoginFormProps = {
  defaultEmail?: string;
  /** Opens "Passwort vergessen?" at once (`/auth?forgot=1`, from an invalid reset link). */
  defaultForgotOpen?: boolean;
  /** Starts at the code step (`/auth?code=1`: a mailed sign-in link of a two-factor account). */
  defaultCodeStep?: boolean;
  onSuccess: (user: User) => void;
};

type Failure = { title: string; message: string; code: string | null; rateLimited: boolean };

export function LoginForm({ defaultEmail = '', defaultForgotOpen = false, defaultCodeStep = false, onSuccess }: LoginFormProps) {
  const form = useForm<LoginInput>({
    resolver: zodResolver(loginInputSchema),
    defaultValues: { email: defaultEmail, password: '' },
  });
  const { errors } = form.formState;
  const [failure, setFailure] = useState<Failure | null>(null);
  const [forgotOpen, setForgotOpen] = useState(defaultForgotOpen);
  const linkAction = useLoginLinkAction(form);
  // After the password, an account with two-factor sign-in asks for a code.
  const [codeStep, setCodeStep] = useState(defaultCodeStep);

  const loginMutation = useLogin({
    mutationConfig: {
      onSuccess: (user) => {
        setFailure(null);
        toast.success('Erfolgreich angemeldet', { description: 'Willkommen zurück' });
        onSuccess(user);
      },
      onError: (error) => {
        if (isTwoFactorRequired(error)) {
          setFailure(null);
          setCodeStep(true);
          return;
        }
        applyServerFieldErrors(error, form.setError, ['email', 'password']);
        // Shown in the form (role="alert"), where the person is looking; a toast would say it twice.
        setFailure({
          title: 'Anmeldung fehlgeschlagen',
          message: errorMessage(error, RETRY_LATER_HINT),
          code: isApiError(error) ? error.code : null,
          rateLimited: isApiError(error) && error.status === 429,
        });
      },
    },
  });

  if (codeStep) {
    return (
      <CodeStepForm
        onSuccess={onSuccess}
        onBack={(expired) => {
          form.setValue('password', '');
          setFailure(expired ? { title: expired.title, message: expired.message, code: expired.code, rateLimited: false } : null);
          setCodeStep(false);
          // After the step is gone: the password field is the one to fill in again.
          window.setTimeout(() => form.setFocus('password'), 0);
        }}
      />
    );
  }

  return (
    <>
      <form
        noValidate
        aria-label="Anmelden"
        className="flex flex-col gap-4"
        onSubmit={form.handleSubmit((values) => loginMutation.mutate(values))}
      >
        {failure && (
          <Alert variant="error" title={failure.title}>
            <span data-testid="login-error">{failure.message}</span>
            {failure.rateLimited && (
              <span className="mt-1 block">
                Sie können sich stattdessen mit einem Anmeldelink anmelden, den wir Ihnen per E-Mail senden.
              </span>
            )}
          </Alert>
        )}
        {failure?.code === 'email_not_confirmed' && <ResendConfirmationControl form={form} />}
        {/* After a 429 the mailed link is the way in: offered right under the error. */}
        {failure?.rateLimited && <LoginLinkControl action={linkAction} prominent />}
        <FormField label="E-Mail" error={errors.email?.message}>
          <Input type="email" autoComplete="email" placeholder="name@firma.de" {...form.register('email')} />
        </FormField>
        <FormField label="Passwort" error={errors.password?.message}>
          <Input type="password" autoComplete="current-password" {...form.register('password')} />
        </FormField>
        <Button variant="link" size="sm" className="-mt-2 h-7 self-end" onClick={() => setForgotOpen(true)}>
          Passwort vergessen?
        </Button>
        <Button type="submit" size="lg" className="mt-2 w-full" loading={loginMutation.isPending}>
          {!loginMutation.isPending && <LogIn aria-hidden="true" />}
          Anmelden
        </Button>
        {!failure?.rateLimited && <LoginLinkControl action={linkAction} />}
      </form>
      {/* Outside the <form>: React events bubble through portals, a submit would reach the sign-in form. */}
      <ForgotPasswordDialog open={forgotOpen} onOpenChange={setForgotOpen} defaultEmail={form.getValues('email')} />
    </>
  );
}
