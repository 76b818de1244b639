import { ChevronLeft, ChevronRight, Download } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { LoadErrorAlert } from '@/components/ui/load-error-alert';
import { LoadingSkeleton } from '@/components/ui/skeleton';
import { toastError } from '@/lib/errors';
import { useDownloadTransactionsCsv } from '../api/download-transactions-csv';
import { pageCount, useTransactions } from '../api/get-transactions';
import { TransactionsTable } from './transactions-table';

/** "Buchungen": the transaction history, paged, and the CSV download. */
export function TransactionsCard() {
  const [page, setPage] = useState(1);
  const transactions = useTransactions(page);
  const csv = useDownloadTransactionsCsv({
    mutationConfig: {
      onError: (error) =>
toastError(error, 'Download fehlgeschlagen'),
    },
  });
  const data = transactions.data;
  const pages = data ? pageCount(data.total, data.per_page) : 1;

  return (
    <Card data-testid="transactions-card">
      <CardHeader className="sm:flex-row sm:items-start sm:justify-between sm:gap-4">
        <div className="flex flex-col gap-1.5">
          <CardTitle>Buchungen</CardTitle>
          <CardDescription>Gutschriften und Abbuchungen, neueste zuerst.</CardDescription>
        </div>
        <Button variant="outline" size="sm" loading={csv.isPending} onClick={() => csv.mutate()} className="self-start">
          {!csv.isPending && <Download aria-hidden="true" />}
          Als CSV herunterladen
        </Button>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {transactions.isPending ? (
          <LoadingSkeleton label="Buchungen werden geladen…" />
        ) : !data ? (
          <>
            <LoadErrorAlert
              title="Buchungen konnten nicht geladen werden"
              error={transactions.error}
              onRetry={() => void transactions.refetch()}
            />
            {page > 1 && (
              <Button variant="link" className="self-start" onClick={() => setPage(1)}>
                Zur ersten Seite
              </Button>
            )}
          </>
        ) : data.total === 0 ? (
          <p className="text-sm text-muted-foreground">Noch keine Buchungen.</p>
        ) : (
          <>
            <TransactionsTable items={data.items} busy={transactions.isPlaceholderData} />
            <nav aria-label="Seiten der Buchungen" className="flex flex-wrap items-center justify-between gap-2">
              <p className="text-sm text-muted-foreground tabular-nums" aria-live="polite" data-testid="transactions-page">
                Seite {data.page} von {pages} · {data.total} {data.total === 1 ? 'Buchung' : 'Buchungen'}
              </p>
              <div className="flex gap-2">
                <Button
                  variant="outline"
                  size="sm"
                  disabled={page <= 1}
                  onClick={() => setPage((p) => Math.max(1, p - 1))}
                >
                  <ChevronLeft aria-hidden="true" />
                  Zurück
                </Button>
                <Button
                  variant="outline"
                  size="sm"
                  disabled={page >= pages}
                  onClick={() => setPage((p) => p + 1)}
                >
                  Weiter
                  <ChevronRight aria-hidden="true" />
                </Button>
              </div>
            </nav>
          </>
        )}
      </CardContent>
    </Card>
  );
}
