import { useMutation } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { PasswordGateForm, usePasswordGateField } from '@/components/password-gate/password-gate-form';
import { isApiError } from '@/lib/api-client';
import { errorSummary } from '@/lib/errors';
import { reauth } from '@/lib/reauth';

/** Gate constants (spec section 9): 3 failed attempts, then 30 s locked. */
export const MAX_FAILURES = 3;
export const LOCKOUT_MS = 30_000;

export const WRONG_PASSWORD_MESSAGE = 'Falsches Passwort. Bitte versuchen Sie es erneut.';
export const LOCKED_MESSAGE = 'Zu viele fehlgeschlagene Versuche. Warten Sie 30 Sekunden.';

type Props = {
  /**
   * Runs once the server accepted the password; the form stays busy until a returned
   * promise settles (e.g. the page reloading what the re-entry unlocked).
   */
  onConfirmed: () => unknown;
  submitLabel?: string;
  className?: string;
};

/** Wrong tries counted here (the server only limits its rate): the third locks for 30 s. */
function useReauthAttempts() {
  const [failures, setFailures] = useState(0);
  const [message, setMessage] = useState<string | null>(null);
  const [lockedForMs, setLockedForMs] = useState<number | null>(null);

  // After the lockout the counter and the message start over.
  useEffect(() => {
    if (lockedForMs === null) return;
    const timer = window.setTimeout(() => {
      setLockedForMs(null);
      setFailures(0);
      setMessage(null);
    }, lockedForMs);
    return () => window.clearTimeout(timer);
  }, [lockedForMs]);

  const refused = (error: unknown) => {
    if (isApiError(error) && error.status === 401) {
      const next = failures + 1;
      setFailures(next);
      setMessage(next >= MAX_FAILURES ? LOCKED_MESSAGE : WRONG_PASSWORD_MESSAGE);
      if (next >= MAX_FAILURES) setLockedForMs(LOCKOUT_MS);
    } else if (isApiError(error) && error.status === 429) {
      // The server's own limit: wait as long as it says.
      setMessage(error.message);
      setLockedForMs(Math.max(1, error.retryAfter ?? LOCKOUT_MS / 1000) * 1000);
    } else {
      setMessage(errorSummary(error));
    }
  };

  return { failures, message, setMessage, locked: lockedForMs !== null, refused };
}

/**
 * The admin's password re-entry (`POST /api/admin/reauth`, valid 10 minutes): counts
 * wrong passwords, locks for 30 s after the third, and waits as long as the server's
 * own limit says. Used by the API settings gate and by the dialog that admin changes
 * open when the server answers `reauth_required`.
 */
export function ReauthForm({ onConfirmed, submitLabel = 'Zugang gewähren', className }: Props) {
  const field = usePasswordGateField();
  const attempts = useReauthAttempts();
  const mutation = useMutation({
    // A wrong password is an answer, not a failure to try again.
    retry: false,
    mutationFn: async (password: string) => {
      await reauth({ password });
      await onConfirmed();
    },
    onError: (error) => {
      field.clear();
      attempts.refused(error);
    },
  });

  return (
    <PasswordGateForm
      field={field}
      label="Zugang bestätigen"
      submitLabel={submitLabel}
      testId="reauth"
      failures={attempts.failures}
      maxFailures={MAX_FAILURES}
      locked={attempts.locked}
      busy={mutation.isPending}
      inputDisabled={attempts.locked || mutation.isPending}
      message={attempts.message}
      onSubmit={(password) => {
        attempts.setMessage(null);
        mutation.mutate(password);
      }}
      className={className}
    />
  );
}
