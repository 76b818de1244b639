import { zodResolver } from '@hookform/resolvers/zod';
import { ArrowLeft, ShieldCheck } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { isApiError, type ApiError } from '@/lib/api-client';
import type { User } from '@/lib/auth';
import { RETRY_LATER_HINT, errorMessage, errorTitle } from '@/lib/errors';
import { applyServerFieldErrors } from '@/lib/form';
import { isChallengeExpired, useLoginWithCode } from '../api/login-code';
import { loginCodeInputSchema, type LoginCodeInput } from '../api/schemas';

type CodeStepFormProps = {
  onSuccess: (user: User) => void;
  /** Back to the password step, with the reason when the sign-in expired. */
  onBack: (expired?: ApiError) => void;
};

type Failure = { title: string; message: string; rateLimited: boolean };

/** Names the form (`aria-labelledby`, `aria-describedby`). */
function CodeStepHeading({ recovery }: { recovery: boolean }) {
  return (
    <div className="flex flex-col gap-1">
      <h2 id="code-step-title" className="text-base font-semibold">
        Zwei-Faktor-Anmeldung
      </h2>
      <p id="code-step-description" className="text-sm text-muted-foreground">
        {recovery
          ? 'Geben Sie einen Ihrer Wiederherstellungscodes ein. Jeder Code gilt nur einmal.'
          : 'Geben Sie den 6-stelligen Code aus Ihrer Authenticator-App ein.'}
      </p>
    </div>
  );
}

function CodeStepFailure({ failure }: { failure: Failure }) {
  return (
    <Alert variant="error" title={failure.title}>
      {failure.message}
      {failure.rateLimited && (
        <span className="mt-1 block" data-testid="code-step-link-hint">
          Sie können sich über „Zurück“ einen Anmeldelink per E-Mail senden lassen; danach fragen wir wieder nach dem
          Code aus Ihrer App.
        </span>
      )}
    </Alert>
  );
}

/** The second step of a sign-in with two-factor: the code from the app, or a recovery code. */
export function CodeStepForm({ onSuccess, onBack }: CodeStepFormProps) {
  const [recovery, setRecovery] = useState(false);
  const [failure, setFailure] = useState<Failure | null>(null);
  const form = useForm<LoginCodeInput>({ resolver: zodResolver(loginCodeInputSchema), defaultValues: { code: '' } });
  const { setFocus } = form;

  useEffect(() => setFocus('code'), [setFocus, recovery]);

  const mutation = useLoginWithCode({
    mutationConfig: {
      onSuccess: (user) => {
        toast.success('Erfolgreich angemeldet', { description: 'Willkommen zurück' });
        onSuccess(user);
      },
      onError: (error) => {
        form.setValue('code', '');
        if (isChallengeExpired(error) && isApiError(error)) {
          onBack(error);
          return;
        }
        if (applyServerFieldErrors(error, form.setError, ['code'])) {
          form.setFocus('code');
          return;
        }
        setFailure({
          title: errorTitle(error, 'Anmeldung fehlgeschlagen'),
          message: errorMessage(error, RETRY_LATER_HINT),
          // Too many wrong codes: a mailed sign-in link still leads to the code step.
          rateLimited: isApiError(error) && error.status === 429,
        });
      },
    },
  });

  return (
    <form
      noValidate
      aria-labelledby="code-step-title"
      aria-describedby="code-step-description"
      className="flex flex-col gap-4"
      data-testid="code-step"
      onSubmit={form.handleSubmit((values) => {
        setFailure(null);
        mutation.mutate({ code: loginCodeInputSchema.parse(values).code });
      })}
    >
      <CodeStepHeading recovery={recovery} />
      {failure && <CodeStepFailure failure={failure} />}
      <FormField
        key={String(recovery)}
        label={recovery ? 'Wiederherstellungscode' : 'Bestätigungscode'}
        error={form.formState.errors.code?.message}
        hint={recovery ? undefined : 'Kein Zugriff auf die App? Ein Wiederherstellungscode funktioniert auch.'}
      >
        <Input
          autoComplete="one-time-code"
          inputMode={recovery ? 'text' : 'numeric'}
          autoCapitalize="off"
          spellCheck={false}
          placeholder={recovery ? 'abcde-fghjk' : '123456'}
          className="font-mono tracking-widest"
          {...form.register('code')}
        />
      </FormField>
      <Button
        variant="link"
        size="sm"
        className="-mt-2 h-7 self-start px-0"
        onClick={() => {
          form.clearErrors('code');
          setRecovery((value) => !value);
        }}
      >
        {recovery ? 'Code aus der App verwenden' : 'Wiederherstellungscode verwenden'}
      </Button>
      <Button type="submit" size="lg" className="w-full" loading={mutation.isPending}>
        {!mutation.isPending && <ShieldCheck aria-hidden="true" />}
        Bestätigen
      </Button>
      <Button variant="ghost" className="self-center" onClick={() => onBack()} disabled={mutation.isPending}>
        <ArrowLeft aria-hidden="true" />
        Zurück
      </Button>
    </form>
  );
}
