import { Wallet } from 'lucide-react';
import { TopUpButton } from '@/components/billing/top-up-button';
import { Card, CardContent } from '@/components/ui/card';
import { formatEuroFromCents } from '@/lib/format';

export function BalanceCard({ balanceCent, charsPerCent }: { balanceCent: number; charsPerCent: number }) {
  return (
    <Card>
      <CardContent className="flex flex-wrap items-center gap-4 pt-5 sm:pt-6">
        <span className="flex size-11 shrink-0 items-center justify-center rounded-full bg-primary-soft text-primary">
          <Wallet className="size-5" aria-hidden="true" />
        </span>
        <div className="min-w-0 flex-1">
          <p className="text-sm text-muted-foreground">Ihr Guthaben</p>
          <p className="text-2xl font-semibold tabular-nums tracking-tight" data-testid="balance-card-amount">
            {formatEuroFromCents(balanceCent)}
          </p>
          <p className="text-xs text-muted-foreground">
            Reicht für etwa {(Math.max(0, balanceCent) * charsPerCent).toLocaleString('de-DE')} Zeichen
          </p>
        </div>
        <TopUpButton data-testid="balance-top-up">Aufladen</TopUpButton>
      </CardContent>
    </Card>
  );
}
