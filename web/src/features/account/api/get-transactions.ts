import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { accountKeys } from './keys';
import type { TransactionPage } from './types';

export const TRANSACTIONS_PER_PAGE = 10;

/** `GET /api/account/transactions?page=&per_page=`: bookings, newest first (page is 1-based). */
export function getTransactions(page: number, perPage = TRANSACTIONS_PER_PAGE): Promise<TransactionPage> {
  const query = new URLSearchParams({ page: String(page), per_page: String(perPage) });
  return api.get<TransactionPage>(`/api/account/transactions?${query.toString()}`);
}

export const getTransactionsQueryOptions = (page: number, perPage = TRANSACTIONS_PER_PAGE) =>
  queryOptions({
    queryKey: accountKeys.transactionPage(page, perPage),
    queryFn: () => getTransactions(page, perPage),
    // Bookings change with every generation elsewhere in the app.
    staleTime: 0,
    // The table keeps the last page while the next one loads (no jump to "Lädt...").
    placeholderData: keepPreviousData,
  });

export function useTransactions(page: number, perPage = TRANSACTIONS_PER_PAGE) {
  return useQuery(getTransactionsQueryOptions(page, perPage));
}

/** Number of pages for `total` bookings (at least 1). */
export function pageCount(total: number, perPage: number): number {
  return Math.max(1, Math.ceil(total / Math.max(1, perPage)));
}
