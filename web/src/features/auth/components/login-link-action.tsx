import { Mail } from 'lucide-react';
import { useState } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { isApiError } from '@/lib/api-client';
import { applyServerFieldErrors } from '@/lib/form';
import { useRequestLoginLink } from '../api/login-link';
import type { LoginInput } from '../api/schemas';

type Outcome = { kind: 'sent' | 'failed'; message: string } | null;

/**
 * The state of "Anmeldelink per E-Mail senden", kept in the sign-in form so the action can
 * move next to a rate-limit error without losing the answer.
 */
export function useLoginLinkAction(form: UseFormReturn<LoginInput>) {
  const [outcome, setOutcome] = useState<Outcome>(null);
  const mutation = useRequestLoginLink({
    mutationConfig: {
      onSuccess: ({ message }) => setOutcome({ kind: 'sent', message }),
      onError: (error) => {
        if (applyServerFieldErrors(error, form.setError, ['email'])) {
          setOutcome(null);
          return;
        }
        setOutcome({
          kind: 'failed',
          message: isApiError(error) ? error.message : 'Bitte versuchen Sie es später erneut.',
        });
      },
    },
  });

  const send = async () => {
    setOutcome(null);
    // Only the address matters here: the password field may stay empty.
    if (!(await form.trigger('email', { shouldFocus: true }))) return;
    mutation.mutate({ email: form.getValues('email').trim() });
  };

  return { send, outcome, isPending: mutation.isPending };
}

export type LoginLinkAction = ReturnType<typeof useLoginLinkAction>;

/** The button and its answer: the server's message in a status region, a failure as an alert. */
export function LoginLinkControl({ action, prominent = false }: { action: LoginLinkAction; prominent?: boolean }) {
  const { send, outcome, isPending } = action;
  return (
    <div className="flex flex-col gap-3">
      <Button
        variant={prominent ? 'outline' : 'link'}
        size={prominent ? 'md' : 'sm'}
        className={prominent ? 'w-full' : 'self-center'}
        loading={isPending}
        onClick={() => void send()}
      >
        {!isPending && <Mail aria-hidden="true" />}
        Anmeldelink per E-Mail senden
      </Button>
      {/* Always present, so screen readers announce the message when it appears. */}
      <div role="status" className="empty:hidden">
        {outcome?.kind === 'sent' && (
          <p className="rounded-lg border border-success/25 bg-success-soft px-4 py-3 text-sm text-success">
            {outcome.message}
          </p>
        )}
      </div>
      {outcome?.kind === 'failed' && (
        <Alert variant="error" title="Anmeldelink nicht gesendet">
          {outcome.message}
        </Alert>
      )}
    </div>
  );
}
