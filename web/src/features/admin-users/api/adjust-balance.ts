import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/react-query';
import { parseEuroToCents } from '../utils/money';
import { refreshAfterWrite } from './get-users';
import type { AdminUser, BalanceAdjustment } from './types';

export const balanceSchema = z.object({
  amount: z
    .string()
    .trim()
    .min(1, 'Bitte geben Sie einen Betrag ein.')
    .refine((v) => parseEuroToCents(v) !== null, 'Bitte geben Sie einen Betrag wie 5,00 oder -2,50 ein.')
    .refine((v) => parseEuroToCents(v) !== 0, 'Der Betrag darf nicht 0 sein.'),
  reason: z
    .string()
    .trim()
    .min(3, 'Bitte geben Sie einen Grund an (3 bis 200 Zeichen).')
    .max(200, 'Bitte geben Sie einen Grund an (3 bis 200 Zeichen).'),
});

export type BalanceFormInput = z.input<typeof balanceSchema>;
export type BalanceFormOutput = z.output<typeof balanceSchema>;

/** `POST /api/admin/users/{id}/balance`: cents to add (negative to take away) and a reason. */
export function adjustBalance({ id, change }: { id: string; change: BalanceAdjustment }): Promise<AdminUser> {
  return api.post<AdminUser>(`/api/admin/users/${encodeURIComponent(id)}/balance`, change);
}

export function useAdjustBalance({ mutationConfig }: { mutationConfig?: MutationConfig<typeof adjustBalance> } = {}) {
  const queryClient = useQueryClient();
  const { onSuccess, ...rest } = mutationConfig ?? {};
  return useMutation({
    // A correction is never booked twice.
    retry: false,
    ...rest,
    mutationFn: adjustBalance,
    onSuccess: (user, ...args) => {
      void refreshAfterWrite(queryClient);
      onSuccess?.(user, ...args);
    },
  });
}
