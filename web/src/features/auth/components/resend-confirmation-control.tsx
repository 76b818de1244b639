import { MailCheck } from 'lucide-react';
import { useState } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { applyServerFieldErrors } from '@/lib/form';
import { useResendConfirmation } from '../api/resend-confirmation';
import type { LoginInput } from '../api/schemas';
import { failedOutcome, MailOutcome, type MailOutcomeState } from './mail-outcome';

/**
 * Shown under the sign-in error `email_not_confirmed`: sends the confirmation mail again
 * to the address typed into the sign-in form.
 */
export function ResendConfirmationControl({ form }: { form: UseFormReturn<LoginInput> }) {
  const [outcome, setOutcome] = useState<MailOutcomeState>(null);
  const mutation = useResendConfirmation({
    mutationConfig: {
      onSuccess: ({ message }) => setOutcome({ kind: 'sent', message }),
      onError: (error) => {
        setOutcome(applyServerFieldErrors(error, form.setError, ['email']) ? null : failedOutcome(error));
      },
    },
  });

  const send = async () => {
    setOutcome(null);
    if (!(await form.trigger('email', { shouldFocus: true }))) return;
    mutation.mutate({ email: form.getValues('email').trim() });
  };

  return (
    <div className="flex flex-col gap-3">
      <Button variant="outline" className="w-full" loading={mutation.isPending} onClick={() => void send()}>
        {!mutation.isPending && <MailCheck aria-hidden="true" />}
        Bestätigungs-E-Mail erneut senden
      </Button>
      <MailOutcome outcome={outcome} failedTitle="Bestätigungs-E-Mail nicht gesendet" />
    </div>
  );
}
