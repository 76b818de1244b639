/**
 * Top-ups, shared by the TTS screen and the account page: `GET /api/billing` (whether
 * payments are set up, suggested amounts, fee note) and `POST /api/billing/checkout`
 * (Stripe's payment page). The credit itself arrives later through Stripe's webhook.
 */
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from './api-client';
import type { ApiBillingOptions, ApiCheckoutStart, ApiTopUpRequest } from './api-types';
import { formatEuroFromCents } from './format';
import type { MutationConfig } from './react-query';

export type BillingOptions = ApiBillingOptions;
export type CheckoutStart = ApiCheckoutStart;

export const billingKeys = {
  all: ['billing'] as const,
  options: () => [...billingKeys.all, 'options'] as const,
};

/** `GET /api/billing` */
export function getBillingOptions(): Promise<BillingOptions> {
  return api.get<BillingOptions>('/api/billing');
}

export const billingOptionsQueryOptions = () =>
  queryOptions({ queryKey: billingKeys.options(), queryFn: getBillingOptions });

export function useBillingOptions({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...billingOptionsQueryOptions(), enabled });
}

/** `POST /api/billing/checkout` */
export function startCheckout(body: ApiTopUpRequest): Promise<CheckoutStart> {
  return api.post<CheckoutStart>('/api/billing/checkout', body);
}

export function useStartCheckout({ mutationConfig }: { mutationConfig?: MutationConfig<typeof startCheckout> } = {}) {
  // Each attempt opens a new payment page: never sent twice on its own.
  return useMutation({ retry: false, ...mutationConfig, mutationFn: startCheckout });
}

/** The browser leaves for Stripe's payment page (a function, so tests can watch it). */
export function goToCheckout(url: string) {
  window.location.assign(url);
}

/**
 * Euros as typed ("10", "12,50", "12.5", "1.000,00", "25 €") to integer cents; null when it
 * is no positive amount with at most two decimals.
 */
export function parseEuroInput(input: string): number | null {
  let text = input.trim().replace(/\s|€/g, '');
  if (text.includes(',')) text = text.replace(/\./g, '').replace(',', '.');
  else if (/^\d{1,3}(\.\d{3})+$/.test(text)) text = text.replace(/\./g, '');
  const match = /^(\d+)(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) return null;
  const cents = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  return Number.isSafeInteger(cents) ? cents : null;
}

/** The dialog's form: a suggested amount (cents as text) or "custom" with a typed amount. */
export function topUpSchema({ min_cent, max_cent }: Pick<BillingOptions, 'min_cent' | 'max_cent'>) {
  const range = `Bitte wählen Sie einen Betrag zwischen ${formatEuroFromCents(min_cent)} und ${formatEuroFromCents(max_cent)}.`;
  return z
    .object({ choice: z.string().min(1, 'Bitte wählen Sie einen Betrag.'), custom: z.string() })
    .superRefine(({ choice, custom }, ctx) => {
      if (choice !== 'custom') return;
      const cents = parseEuroInput(custom);
      if (custom.trim() === '') ctx.addIssue({ code: 'custom', path: ['custom'], message: 'Bitte geben Sie einen Betrag ein.' });
      else if (cents === null) ctx.addIssue({ code: 'custom', path: ['custom'], message: 'Bitte geben Sie einen Betrag wie 25 oder 12,50 ein.' });
      else if (cents < min_cent || cents > max_cent) ctx.addIssue({ code: 'custom', path: ['custom'], message: range });
    })
    .transform(({ choice, custom }) => ({ amount_cent: choice === 'custom' ? (parseEuroInput(custom) ?? 0) : Number(choice) }));
}

export type TopUpFormInput = z.input<ReturnType<typeof topUpSchema>>;
export type TopUpFormOutput = z.output<ReturnType<typeof topUpSchema>>;
