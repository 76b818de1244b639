import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import type { PasswordGateField } from '@/components/password-gate/password-gate-form';
import { isApiError } from '@/lib/api-client';
import { errorSummary } from '@/lib/errors';
import type { GateState } from '../api/get-gate-state';
import { siteGateKeys } from '../api/keys';
import { useUnlockSite } from '../api/unlock-site';
import { LOCKOUT_SECONDS_DEFAULT, lockedMessage, mailLinkTarget } from '../utils/next';

/**
 * One try of the site password. The server counts the wrong tries and locks; this keeps
 * the cached gate state in step with its answers and re-reads it after the lock.
 */
export function useGateUnlock(state: GateState, updatedAt: number, field: PasswordGateField) {
  const queryClient = useQueryClient();
  const { search } = useLocation();
  const [message, setMessage] = useState<string | null>(null);
  const [leaving, setLeaving] = useState(false);
  const locked = state.locked_secs > 0;
  const setState = (update: (s: GateState) => GateState) =>
    queryClient.setQueryData<GateState>(siteGateKeys.state(), (s) => (s ? update(s) : s));

  // After the lockout the counter and the message start over (as the server then says).
  useEffect(() => {
    if (state.locked_secs <= 0) return;
    const timer = window.setTimeout(() => {
      setMessage(null);
      void queryClient.invalidateQueries({ queryKey: siteGateKeys.state() });
    }, state.locked_secs * 1000);
    return () => window.clearTimeout(timer);
  }, [state.locked_secs, updatedAt, queryClient]);

  const opened = () => {
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
  };

  const refused = (error: Error) => {
    field.clear();
    if (isApiError(error) && error.status === 429) {
      const seconds = Math.max(1, error.retryAfter ?? LOCKOUT_SECONDS_DEFAULT);
      setMessage(error.message);
      setState((s) => ({ ...s, failures: s.max_failures, locked_secs: seconds }));
    } else if (isApiError(error) && error.status === 422) {
      setMessage(error.fields.password ?? error.message);
      setState((s) => ({ ...s, failures: Math.min(s.failures + 1, s.max_failures) }));
      field.focus();
    } else {
      setMessage(errorSummary(error));
      field.focus();
    }
    void queryClient.invalidateQueries({ queryKey: siteGateKeys.state() });
  };

  const mutation = useUnlockSite({ mutationConfig: { onSuccess: opened, onError: refused } });

  const submit = (password: string) => {
    if (locked) return;
    setMessage(null);
    mutation.mutate({ password });
  };

  return {
    submit,
    locked,
    busy: mutation.isPending || leaving,
    message: message ?? (locked ? lockedMessage(state.locked_secs) : null),
  };
}
