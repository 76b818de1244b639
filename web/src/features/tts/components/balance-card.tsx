import { Wallet } from 'lucide-react';
import { TopUpButton } from '@/components/billing/top-up-button';
import { Card, CardContent } from '@/components/ui/card';
import { formatEuroFromCents } from '@/lib/format';

/**
 * The balance beside the text form. The figure keeps at least 10rem: where the column is
 * narrower (1024 px with the sidebar open), "Aufladen" moves below it instead of squeezing
 * "Ihr Guthaben" and "14,98 €" onto two lines each.
 */
export function BalanceCard({ balanceCent, charsPerCent }: { balanceCent: number; charsPerCent: number }) {
  return (
    <Card>
      <CardContent className="flex flex-wrap items-center gap-x-4 gap-y-3 pt-5 sm:pt-6">
        <div className="flex min-w-0 flex-1 basis-56 items-center gap-4">
          <span className="flex size-11 shrink-0 items-center justify-center rounded-full bg-primary-soft text-primary">
            <Wallet className="size-5" aria-hidden="true" />
          </span>
          <div className="min-w-0">
            <p className="whitespace-nowrap text-sm text-muted-foreground" data-testid="balance-card-label">
              Ihr Guthaben
            </p>
            <p className="whitespace-nowrap text-2xl font-semibold tabular-nums tracking-tight" data-testid="balance-card-amount">
              {formatEuroFromCents(balanceCent)}
            </p>
            <p className="text-xs text-muted-foreground">
              Reicht für etwa {(Math.max(0, balanceCent) * charsPerCent).toLocaleString('de-DE')} Zeichen
            </p>
          </div>
        </div>
        <TopUpButton data-testid="balance-top-up">Aufladen</TopUpButton>
      </CardContent>
    </Card>
  );
}
