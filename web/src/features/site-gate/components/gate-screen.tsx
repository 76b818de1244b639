import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { LockKeyhole, ShieldCheck } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useLocation } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { FieldError } from '@/components/ui/form';
import { Label } from '@/components/ui/label';
import { PasswordInput } from '@/components/ui/password-input';
import { isApiError } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import type { GateState } from '../api/get-gate-state';
import { siteGateKeys } from '../api/keys';
import { unlockInputSchema, useUnlockSite, type UnlockInput } from '../api/unlock-site';
import { LOCKOUT_SECONDS_DEFAULT, lockedMessage, mailLinkTarget } from '../utils/next';
import { GateShell } from './gate-shell';

const TITLE = 'Zugang geschützt';

type GateScreenProps = {
  state: GateState;
  /** When `state` was last read from the server (a new read re-arms the lock timer). */
  updatedAt: number;
};

/**
 * The site password screen: password (with show/hide), "Zugang gewähren", the wrong tries
 * counted by the server and, after the third, a lock for as long as the server says.
 */
export function GateScreen({ state, updatedAt }: GateScreenProps) {
  const passwordId = useId();
  const queryClient = useQueryClient();
  const { search } = useLocation();
  const [message, setMessage] = useState<string | null>(null);
  const [leaving, setLeaving] = useState(false);
  const locked = state.locked_secs > 0;

  const setState = (update: (s: GateState) => GateState) =>
    queryClient.setQueryData<GateState>(siteGateKeys.state(), (s) => (s ? update(s) : s));
  const refresh = () => queryClient.invalidateQueries({ queryKey: siteGateKeys.state() });

  useEffect(() => {
    const previous = document.title;
    document.title = `${TITLE} – Stimmwerk`;
    return () => {
      document.title = previous;
    };
  }, []);

  // After the lockout the counter and the message start over (as the server then says).
  useEffect(() => {
    if (state.locked_secs <= 0) return;
    const timer = window.setTimeout(() => {
      setMessage(null);
      void queryClient.invalidateQueries({ queryKey: siteGateKeys.state() });
    }, state.locked_secs * 1000);
    return () => window.clearTimeout(timer);
  }, [state.locked_secs, updatedAt, queryClient]);

  const form = useForm<UnlockInput>({ resolver: zodResolver(unlockInputSchema), defaultValues: { password: '' } });
  useEffect(() => form.setFocus('password'), [form]);
  const password = useWatch({ control: form.control, name: 'password' }) ?? '';

  const mutation = useUnlockSite({
    mutationConfig: {
      onSuccess: () => {
        // A mail link opened in a locked browser continues where it was going.
        const target = mailLinkTarget(search);
        if (target) {
          setLeaving(true);
          window.location.assign(target);
          return;
        }
        setState((s) => ({ ...s, unlocked: true, failures: 0, locked_secs: 0 }));
        // Reads refused while the gate was shut are asked again.
        void queryClient.invalidateQueries({ predicate: (q) => q.queryKey[0] !== siteGateKeys.all[0] });
      },
      onError: (error) => {
        form.setValue('password', '');
        if (isApiError(error) && error.status === 429) {
          const seconds = Math.max(1, error.retryAfter ?? LOCKOUT_SECONDS_DEFAULT);
          setMessage(error.message);
          setState((s) => ({ ...s, failures: s.max_failures, locked_secs: seconds }));
        } else if (isApiError(error) && error.status === 422) {
          setMessage(error.fields.password ?? error.message);
          setState((s) => ({ ...s, failures: Math.min(s.failures + 1, s.max_failures) }));
          form.setFocus('password');
        } else {
          setMessage(isApiError(error) ? `${error.title}: ${error.message}` : 'Bitte versuchen Sie es erneut.');
          form.setFocus('password');
        }
        void refresh();
      },
    },
  });

  const onSubmit = (values: UnlockInput) => {
    if (locked) return;
    setMessage(null);
    mutation.mutate(values);
  };

  const shown = message ?? (locked ? lockedMessage(state.locked_secs) : null);
  const errorId = `${passwordId}-error`;

  return (
    <GateShell>
      <Card className="w-full max-w-md">
        <CardContent className="flex flex-col gap-6 pt-8 sm:pt-8">
          <div className="flex flex-col items-center gap-3 text-center">
            <span className="flex size-12 items-center justify-center rounded-full bg-primary-soft text-primary">
              <LockKeyhole className="size-5" aria-hidden="true" />
            </span>
            <h1 className="text-xl font-semibold tracking-tight">{TITLE}</h1>
            <p className="text-sm text-muted-foreground">
              Stimmwerk ist derzeit nur mit Passwort erreichbar. Bitte geben Sie das Zugangspasswort ein, um fortzufahren.
            </p>
          </div>
          <form noValidate aria-label="Zugang" onSubmit={form.handleSubmit(onSubmit)} className="flex flex-col gap-4">
            <div className="flex flex-col gap-2">
              <Label htmlFor={passwordId}>Passwort</Label>
              <PasswordInput
                id={passwordId}
                autoComplete="current-password"
                disabled={locked}
                data-testid="site-gate-password"
                aria-invalid={shown ? true : undefined}
                aria-describedby={shown ? errorId : undefined}
                {...form.register('password')}
              />
              <FieldError id={errorId} message={shown ?? undefined} />
            </div>
            <Button
              type="submit"
              size="lg"
              className="w-full"
              loading={mutation.isPending || leaving}
              disabled={locked || password === ''}
              data-testid="site-gate-submit"
            >
              {!mutation.isPending && !leaving && !locked && <ShieldCheck aria-hidden="true" />}
              {locked ? 'Gesperrt...' : 'Zugang gewähren'}
            </Button>
            <p
              className={cn('text-center text-xs tabular-nums', state.failures > 0 ? 'text-destructive' : 'text-muted-foreground')}
              data-testid="site-gate-failures"
            >
              Fehlversuche: {state.failures}/{state.max_failures}
            </p>
          </form>
        </CardContent>
      </Card>
    </GateShell>
  );
}
