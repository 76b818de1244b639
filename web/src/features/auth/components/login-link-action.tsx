import { Mail } from 'lucide-react';
import { useState } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { applyServerFieldErrors } from '@/lib/form';
import { useRequestLoginLink } from '../api/login-link';
import type { LoginInput } from '../api/schemas';
import { failedOutcome, MailOutcome, type MailOutcomeState } from './mail-outcome';

/**
 * The state of "Anmeldelink per E-Mail senden", kept in the sign-in form so the action can
 * move next to a rate-limit error without losing the answer.
 */
export function useLoginLinkAction(form: UseFormReturn<LoginInput>) {
  const [outcome, setOutcome] = useState<MailOutcomeState>(null);
  const mutation = useRequestLoginLink({
    mutationConfig: {
      onSuccess: ({ message }) => setOutcome({ kind: 'sent', message }),
      onError: (error) => {
        if (applyServerFieldErrors(error, form.setError, ['email'])) {
          setOutcome(null);
          return;
        }
        setOutcome(failedOutcome(error));
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
      <MailOutcome outcome={outcome} failedTitle="Anmeldelink nicht gesendet" />
    </div>
  );
}
