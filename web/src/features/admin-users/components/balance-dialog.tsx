import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { useReauthPrompt } from '@/components/reauth/reauth-dialog';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { isApiError } from '@/lib/api-client';
import { toastError } from '@/lib/errors';
import { applyServerFieldErrors } from '@/lib/form';
import { formatEuroFromCents } from '@/lib/format';
import { balanceSchema, useAdjustBalance, type BalanceFormInput, type BalanceFormOutput } from '../api/adjust-balance';
import type { AdminUser } from '../api/types';
import { parseEuroToCents } from '../utils/money';

/** Adds (or with a minus takes away) euros with a required reason; shows the new balance. */
export function BalanceDialog({ user, onClose }: { user: AdminUser; onClose: () => void }) {
  const [saved, setSaved] = useState<AdminUser | null>(null);
  const form = useForm<BalanceFormInput, unknown, BalanceFormOutput>({
    resolver: zodResolver(balanceSchema),
    defaultValues: { amount: '', reason: '' },
  });
  const errors = form.formState.errors;
  const reauth = useReauthPrompt();
  const mutation = useAdjustBalance({
    mutationConfig: {
      onSuccess: (after) => {
        setSaved(after);
        toast.success('Guthaben korrigiert', { description: `Neues Guthaben: ${formatEuroFromCents(after.balance_cent)}` });
      },
      onError: (error, variables) => {
        // Money moves only after the password was re-entered: ask, then book it.
        if (reauth.ask(error, () => mutation.mutate(variables))) return;
        // The server names the amount `amount_cent`; the form calls it `amount`.
        const amountError = isApiError(error) ? error.fields.amount_cent : undefined;
        if (amountError) form.setError('amount', { type: 'server', message: amountError });
        const reasonShown = applyServerFieldErrors(error, form.setError, ['reason']);
        if (!amountError && !reasonShown) toastError(error, 'Korrektur fehlgeschlagen');
      },
    },
  });
  const submit = ({ amount, reason }: BalanceFormOutput) =>
    mutation.mutate({ id: user.id, change: { amount_cent: parseEuroToCents(amount) ?? 0, reason } });

  return (
    <>
      <Dialog
        open
        onOpenChange={(open) => !open && onClose()}
        title="Guthaben korrigieren"
        description={`${user.name} (${user.email}), aktuelles Guthaben: ${formatEuroFromCents(user.balance_cent)}`}
      >
        {saved ? (
          <div className="flex flex-col gap-4">
            <Alert variant="success" title="Guthaben korrigiert">
              <p data-testid="balance-result">Neues Guthaben: {formatEuroFromCents(saved.balance_cent)}</p>
            </Alert>
            <div className="flex justify-end">
              <Button onClick={onClose}>Schließen</Button>
            </div>
          </div>
        ) : (
          <form noValidate aria-label="Guthaben korrigieren" onSubmit={form.handleSubmit(submit)} className="flex flex-col gap-4">
            <FormField label="Betrag in Euro" error={errors.amount?.message} hint="Zum Abziehen mit Minus, z. B. -2,50.">
              <Input inputMode="decimal" autoComplete="off" placeholder="5,00" data-testid="balance-amount" {...form.register('amount')} />
            </FormField>
            <FormField label="Grund" error={errors.reason?.message} hint="3 bis 200 Zeichen; die Person sieht die Buchung in ihrem Konto.">
              <Textarea rows={3} maxLength={200} data-testid="balance-reason" {...form.register('reason')} />
            </FormField>
            <div className="mt-2 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <Button variant="outline" onClick={onClose} disabled={mutation.isPending}>
                Abbrechen
              </Button>
              <Button type="submit" loading={mutation.isPending} data-testid="balance-submit">
                Guthaben korrigieren
              </Button>
            </div>
          </form>
        )}
      </Dialog>
      {reauth.dialog}
    </>
  );
}
