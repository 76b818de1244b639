import { zodResolver } from '@hookform/resolvers/zod';
import { LockKeyhole, ShieldCheck } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { FieldError } from '@/components/ui/form';
import { Label } from '@/components/ui/label';
import { isApiError } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { reauthInputSchema, useReauth, type ReauthInput } from '../api/reauth';
import { PasswordInput } from '@/components/ui/password-input';

/** Gate constants (spec section 9): 3 failed attempts, then 30 s locked. */
export const MAX_FAILURES = 3;
export const LOCKOUT_MS = 30_000;

export const WRONG_PASSWORD_MESSAGE = 'Falsches Passwort. Bitte versuchen Sie es erneut.';
export const LOCKED_MESSAGE = 'Zu viele fehlgeschlagene Versuche. Warten Sie 30 Sekunden.';

/**
 * Asks an admin to confirm the password before the API settings open (the server then
 * accepts the settings endpoints for 10 minutes).
 */
export function ReauthGate() {
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

  const mutation = useReauth({
    mutationConfig: {
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
    },
  });

  const onSubmit = (values: ReauthInput) => {
    if (locked) return;
    setMessage(null);
    mutation.mutate(values);
  };

  const disabled = locked || mutation.isPending;

  return (
    <div className="flex justify-center py-6 sm:py-10">
      <Card className="w-full max-w-md">
        <CardContent className="flex flex-col gap-6 pt-8 sm:pt-8">
          <div className="flex flex-col items-center gap-3 text-center">
            <span className="flex size-12 items-center justify-center rounded-full bg-primary-soft text-primary">
              <LockKeyhole className="size-5" aria-hidden="true" />
            </span>
            <h2 className="text-xl font-semibold tracking-tight">Geschützter Bereich</h2>
            <p className="text-sm text-muted-foreground">
              Die API-Einstellungen enthalten vertrauliche Schlüssel. Bitte bestätigen Sie Ihr Passwort, um fortzufahren.
            </p>
          </div>
          <form noValidate aria-label="Zugang bestätigen" onSubmit={form.handleSubmit(onSubmit)} className="flex flex-col gap-4">
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
              {locked ? 'Gesperrt...' : 'Zugang gewähren'}
            </Button>
            <p
              className={cn('text-center text-xs tabular-nums', failures > 0 ? 'text-destructive' : 'text-muted-foreground')}
              data-testid="reauth-failures"
            >
              Fehlversuche: {failures}/{MAX_FAILURES}
            </p>
          </form>
        </CardContent>
      </Card>
    </div>
  );
}
