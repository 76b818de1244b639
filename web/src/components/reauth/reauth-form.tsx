import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { ShieldCheck } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { FieldError } from '@/components/ui/form';
import { Label } from '@/components/ui/label';
import { PasswordInput } from '@/components/ui/password-input';
import { isApiError } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { reauth, reauthInputSchema, type ReauthInput } from '@/lib/reauth';

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

/**
 * The admin's password re-entry (`POST /api/admin/reauth`, valid 10 minutes): counts
 * wrong passwords, locks for 30 s after the third, and waits as long as the server's
 * own limit says. Used by the API settings gate and by the dialog that admin changes
 * open when the server answers `reauth_required`.
 */
export function ReauthForm({ onConfirmed, submitLabel = 'Zugang gewähren', className }: Props) {
  const passwordId = useId();
  const [failures, setFailures] = useState(0);
  const [message, setMessage] = useState<string | null>(null);
  const [lockedForMs, setLockedForMs] = useState<number | null>(null);
  const locked = lockedForMs !== null;

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

  const form = useForm<ReauthInput>({ resolver: zodResolver(reauthInputSchema), defaultValues: { password: '' } });
  // The field the person came for gets the focus (react-hook-form's setFocus, not autoFocus).
  useEffect(() => form.setFocus('password'), [form]);
  const password = useWatch({ control: form.control, name: 'password' }) ?? '';

  const mutation = useMutation({
    // A wrong password is an answer, not a failure to try again.
    retry: false,
    mutationFn: async (values: ReauthInput) => {
      await reauth(values);
      await onConfirmed();
    },
    onError: (error) => {
      form.setValue('password', '');
      if (isApiError(error) && error.status === 401) {
        const next = failures + 1;
        setFailures(next);
        if (next >= MAX_FAILURES) {
          setMessage(LOCKED_MESSAGE);
          setLockedForMs(LOCKOUT_MS);
        } else {
          setMessage(WRONG_PASSWORD_MESSAGE);
        }
      } else if (isApiError(error) && error.status === 429) {
        // The server's own limit: wait as long as it says.
        setMessage(error.message);
        setLockedForMs(Math.max(1, error.retryAfter ?? LOCKOUT_MS / 1000) * 1000);
      } else {
        setMessage(isApiError(error) ? `${error.title}: ${error.message}` : 'Bitte versuchen Sie es erneut.');
      }
    },
  });

  const onSubmit = (values: ReauthInput) => {
    if (locked) return;
    setMessage(null);
    mutation.mutate(values);
  };

  const disabled = locked || mutation.isPending;

  return (
    <form noValidate aria-label="Zugang bestätigen" onSubmit={form.handleSubmit(onSubmit)} className={cn('flex flex-col gap-4', className)}>
      <div className="flex flex-col gap-2">
        <Label htmlFor={passwordId}>Passwort</Label>
        <PasswordInput
          id={passwordId}
          autoComplete="current-password"
          disabled={disabled}
          data-testid="reauth-password"
          aria-invalid={message ? true : undefined}
          aria-describedby={message ? `${passwordId}-error` : undefined}
          {...form.register('password')}
        />
        <FieldError id={`${passwordId}-error`} message={message ?? undefined} />
      </div>
      <Button
        type="submit"
        size="lg"
        className="w-full"
        loading={mutation.isPending}
        disabled={locked || password === ''}
        data-testid="reauth-submit"
      >
        {!mutation.isPending && !locked && <ShieldCheck aria-hidden="true" />}
        {locked ? 'Gesperrt...' : submitLabel}
      </Button>
      <p
        className={cn('text-center text-xs tabular-nums', failures > 0 ? 'text-destructive' : 'text-muted-foreground')}
        data-testid="reauth-failures"
      >
        Fehlversuche: {failures}/{MAX_FAILURES}
      </p>
    </form>
  );
}
