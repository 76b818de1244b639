import { cn } from '@/lib/cn';
import { formatDate, formatEuroFromCents } from '@/lib/format';
import type { Transaction } from '../api/types';
import { formatSignedEuro } from '../utils/money';

const time = new Intl.DateTimeFormat('de-DE', { hour: '2-digit', minute: '2-digit' });

function formatTime(value: string): string {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? '' : `${time.format(date)} Uhr`;
}

/** The bookings of one page: date and time, kind, amount (+/-) and the balance after it. */
export function TransactionsTable({ items, busy = false }: { items: Transaction[]; busy?: boolean }) {
  return (
    <div className={cn('overflow-x-auto transition-opacity', busy && 'opacity-60')} aria-busy={busy || undefined}>
      <table className="w-full text-left text-sm" data-testid="transactions-table">
        <caption className="sr-only">Buchungen, neueste zuerst</caption>
        <thead className="border-b border-border text-xs text-muted-foreground">
          <tr>
            <th scope="col" className="py-2 pr-2 font-medium">
              Datum
            </th>
            <th scope="col" className="px-2 py-2 font-medium">
              Buchung
            </th>
            <th scope="col" className="py-2 pl-2 text-right font-medium sm:px-2">
              Betrag
            </th>
            <th scope="col" className="hidden py-2 pl-2 text-right font-medium sm:table-cell">
              Guthaben danach
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-border">
          {items.map((t) => (
            <tr key={t.id} data-testid="transaction-row" data-kind={t.kind}>
              <td className="py-2.5 pr-2 align-top tabular-nums">
                <span className="block">{formatDate(t.created_at)}</span>
                <span className="block text-xs text-muted-foreground">{formatTime(t.created_at)}</span>
              </td>
              <td className="px-2 py-2.5 align-top break-words">
                <span className="block">{t.label}</span>
                {/* What the booking was for: a project's render by name, a correction's reason. */}
                {t.note ? <span className="block text-xs text-muted-foreground">{t.note}</span> : null}
              </td>
              <td className="py-2.5 pl-2 text-right align-top tabular-nums sm:px-2">
                <span
                  className={cn(
                    'block font-medium whitespace-nowrap',
                    t.amount_cent > 0 ? 'text-success' : t.amount_cent < 0 ? 'text-destructive' : undefined,
                  )}
                  data-testid="transaction-amount"
                >
                  {formatSignedEuro(t.amount_cent)}
                </span>
                {/* Narrow screens have no room for a fourth column: the balance goes under the amount. */}
                <span className="block whitespace-nowrap text-xs text-muted-foreground sm:hidden">Saldo {formatEuroFromCents(t.balance_after_cent)}</span>
              </td>
              <td
                className="hidden py-2.5 pl-2 text-right align-top whitespace-nowrap tabular-nums sm:table-cell"
                data-testid="transaction-balance"
              >
                {formatEuroFromCents(t.balance_after_cent)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
