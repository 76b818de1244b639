import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { isApiError } from '@/lib/api-client';
import { errorMessage } from '@/lib/errors';
import {
  goToCheckout,
  topUpSchema,
  useStartCheckout,
  type BillingOptions,
  type TopUpFormInput,
  type TopUpFormOutput,
} from '@/lib/billing';
import { formatEuroFromCents } from '@/lib/format';
import { AmountChoice } from './amount-choice';

export const PAYMENT_FAILED_TITLE = 'Zahlung fehlgeschlagen';

/** The amount (suggested or typed), the card fee and "Weiter zur Zahlung". */
export function TopUpForm({ options, onCancel }: { options: BillingOptions; onCancel: () => void }) {
  const schema = useMemo(() => topUpSchema(options), [options]);
  const [failure, setFailure] = useState<{ title: string; message: string } | null>(null);
  const form = useForm<TopUpFormInput, unknown, TopUpFormOutput>({
    resolver: zodResolver(schema),
    defaultValues: { choice: String(options.suggested_cent[1] ?? options.suggested_cent[0] ?? 'custom'), custom: '' },
  });
  const errors = form.formState.errors;
  const checkout = useStartCheckout({
    mutationConfig: {
      onSuccess: ({ checkout_url }) => goToCheckout(checkout_url),
      onError: (error) => {
        const fieldMessage = isApiError(error) ? error.fields.amount_cent : undefined;
        if (fieldMessage) {
          form.setValue('choice', 'custom');
          form.setError('custom', { type: 'server', message: fieldMessage });
          return;
        }
        // Whatever failed (Stripe, the network, a setting), the customer reads one title.
        setFailure({ title: PAYMENT_FAILED_TITLE, message: errorMessage(error, 'Die Zahlung konnte nicht gestartet werden. Bitte versuchen Sie es erneut; es wurde nichts abgebucht.') });
      },
    },
  });
  // After success the page is left; the button stays busy until the browser is gone.
  const busy = checkout.isPending || checkout.isSuccess;
  const custom = useWatch({ control: form.control, name: 'choice' }) === 'custom';

  return (
    <form
      noValidate
      aria-label="Guthaben aufladen"
      className="flex flex-col gap-4"
      onSubmit={form.handleSubmit((values) => {
        setFailure(null);
        checkout.mutate(values);
      })}
    >
      <Controller
        control={form.control}
        name="choice"
        render={({ field }) => (
          <AmountChoice suggested={options.suggested_cent} value={field.value} onChange={field.onChange} error={errors.choice?.message} />
        )}
      />
      {custom && (
        <FormField
          label="Eigener Betrag in Euro"
          error={errors.custom?.message}
          hint={`${formatEuroFromCents(options.min_cent)} bis ${formatEuroFromCents(options.max_cent)}, z. B. 12,50`}
        >
          <Input inputMode="decimal" autoComplete="off" placeholder="25,00" data-testid="top-up-custom" {...form.register('custom')} />
        </FormField>
      )}
      <p className="text-xs text-muted-foreground" data-testid="top-up-fee">
        {options.fee_note}
      </p>
      {failure && (
        <Alert variant="error" title={failure.title}>
          {failure.message}
        </Alert>
      )}
      <div className="mt-2 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onCancel} disabled={busy}>
          Abbrechen
        </Button>
        <Button type="submit" loading={busy} data-testid="top-up-submit">
          Weiter zur Zahlung
        </Button>
      </div>
    </form>
  );
}
